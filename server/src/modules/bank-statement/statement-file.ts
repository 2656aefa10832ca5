import { ApiError } from '../../lib/errors.js';
import type { Currency } from '../../ledger/money.js';
import { parseStatement, type ParsedStatement, type StatementBank } from './layouts.js';
import { readRows, type FileFormat } from './read-file.js';

/** What is asked of a statement file: the deposit account's currency, the bank the clerk chose (if any), and today's date (for years the file leaves out). */
export interface StatementAsk {
  currency: Currency;
  chosen: StatementBank | undefined;
  now: number;
}

export type StatementFile = ParsedStatement & { format: FileFormat };

/**
 * A file read to its lines, or the refusal it came to (an ApiError does not cross a thread as itself). A
 * fault of the reading itself (an exception of a parser on a file no bank wrote) is refused as a file that
 * cannot be read, its `fault` (the stack) for the log.
 */
export type StatementFileRead = { file: StatementFile } | { refused: { status: number; code: string; detail?: string }; fault?: string };

/** The file's rows, then its statement lines: all of the work that takes a thread (a 20,000-row workbook about 1.6 s). */
export async function readStatementFile(bytes: Uint8Array, ask: StatementAsk): Promise<StatementFileRead> {
  try {
    const { format, rows } = await readRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { file: { format, ...parseStatement(rows, format, ask.currency, ask.chosen, ask.now) } };
  } catch (err) {
    if (err instanceof ApiError) return { refused: { status: err.status, code: err.code, ...(err.detail ? { detail: err.detail } : {}) } };
    return {
      refused: { status: 400, code: 'STATEMENT_FILE_INVALID' },
      fault: err instanceof Error ? (err.stack ?? err.message) : String(err),
    };
  }
}

/** Reads a statement file to its lines, or throws the refusal (ApiError) it came to. */
export interface StatementReader {
  read(bytes: Buffer, ask: StatementAsk): Promise<StatementFile>;
}

/** The file's lines, or its refusal thrown; a fault told to `log` first. */
export const answerOf = (read: StatementFileRead, log?: (fault: string) => void): StatementFile => {
  if ('file' in read) return read.file;
  if (read.fault) log?.(read.fault);
  throw new ApiError(read.refused.status, read.refused.code, read.refused.detail);
};

/** On the calling thread: the operator's CLI, one command, one file, no one else waiting on its thread. */
export const inlineStatementReader: StatementReader = {
  read: async (bytes, ask) => answerOf(await readStatementFile(bytes, ask), (fault) => console.error(`statement file not read: ${fault}`)),
};
