import { ApiError } from '../../lib/errors.js';
import { PoolBusy, WorkerPool } from '../../lib/worker-pool.js';
import { answerOf, type StatementAsk, type StatementFileRead, type StatementReader } from './statement-file.js';

/** A statement not read in this time (its wait for the thread included) is refused as a file that cannot be read. */
export const STATEMENT_READ_TIMEOUT_MS = 60_000;

export interface ThreadStatementReaderOptions {
  /** Threads reading statements at once (1: a clerk's upload never takes more than one core from members). */
  threads?: number;
  /** Files waiting for a thread beyond those; one more is answered 503 STATEMENT_BUSY. */
  queue?: number;
  timeoutMs?: number;
  /** Where a failed read is told (the server's log). */
  log?: (err: unknown) => void;
}

/**
 * Reads statement files in a worker thread (statement-worker.ts), not on the thread that serves members: a
 * 20,000-row workbook held that thread up to 0.76-0.91 s at a time (docs/measurements.md), at each preview
 * and again at the import. The worker's heap is bounded: a workbook that needs more ends the worker, not the
 * server, and the files waiting behind it are read by a new one. Refusals: 503 STATEMENT_BUSY while the
 * thread and its queue are taken (nothing read, nothing kept); 400 STATEMENT_FILE_INVALID for a file whose
 * reading failed, ran out of memory or ran past its time. A fault of the server's own (the worker cannot
 * start) is a 500, logged: it is not the clerk's file.
 */
export class ThreadStatementReader implements StatementReader {
  readonly #pool: WorkerPool<{ bytes: Uint8Array; ask: StatementAsk }, StatementFileRead>;
  readonly #log: (err: unknown) => void;

  constructor(options: ThreadStatementReaderOptions = {}) {
    this.#log = options.log ?? (() => undefined);
    this.#pool = new WorkerPool({
      worker: { name: 'statement-worker', from: import.meta.url },
      threads: options.threads ?? 1,
      queue: options.queue ?? 4,
      timeoutMs: options.timeoutMs ?? STATEMENT_READ_TIMEOUT_MS,
      log: this.#log,
      // a 20,000-row workbook peaks at about 150 MB of heap
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
  }

  /** Files being read or waiting for the thread now. */
  get reading(): number {
    return this.#pool.inFlight;
  }

  async read(bytes: Buffer, ask: StatementAsk) {
    let read: StatementFileRead;
    try {
      read = await this.#pool.run({ bytes, ask });
    } catch (err) {
      if (err instanceof PoolBusy) throw new ApiError(503, 'STATEMENT_BUSY');
      const code = (err as NodeJS.ErrnoException).code;
      if ((err instanceof Error && err.name === 'AbortError') || code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new ApiError(400, 'STATEMENT_FILE_INVALID');
      throw err;
    }
    return answerOf(read, (fault) => this.#log(new Error(`statement file not read: ${fault}`)));
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
