import { readStatementFile, type StatementAsk, type StatementFileRead } from './statement-file.js';

/** The body of a statement-reading worker thread (piscina calls the default export with each task). */
export default function read(task: { bytes: Uint8Array; ask: StatementAsk }): Promise<StatementFileRead> {
  return readStatementFile(task.bytes, task.ask);
}
