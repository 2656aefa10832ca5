import { PoolBusy, WorkerPool } from '../../lib/worker-pool.js';
import type { SlipQr } from './reader.js';

/** A slip image no worker has read in this time (its wait for a thread included) is left to the operator. */
export const SLIP_READ_TIMEOUT_MS = 60_000;

/** What reading a slip came to: its QR, or that no worker could take it now (busy), or that reading it failed or took too long. */
export type SlipRead = SlipQr | { kind: 'busy' } | { kind: 'failed' };

export interface SlipReaderOptions {
  /** Worker threads reading slips at once. */
  threads: number;
  /** Slips waiting for a thread beyond those; one more is answered busy at once. */
  queue: number;
  /** A slip not read in this time (waiting included) ends its worker: answered failed (default SLIP_READ_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Where a failed read or a failed worker is told (the server's log). */
  log?: (err: unknown) => void;
}

/**
 * Reads slips' QR codes off the main thread (slip-worker.ts): decoding a big photo takes a thread for a
 * good part of a second and its memory. A slip beyond the threads and the queue is answered busy without
 * holding its image, and the caller tries it again later.
 */
export class SlipReader {
  readonly #pool: WorkerPool<Uint8Array, SlipQr>;

  constructor(options: SlipReaderOptions) {
    this.#pool = new WorkerPool({
      worker: { name: 'slip-worker', from: import.meta.url },
      threads: options.threads,
      queue: options.queue,
      timeoutMs: options.timeoutMs ?? SLIP_READ_TIMEOUT_MS,
      log: options.log,
      // sharp's libraries must be loaded by the main thread before a worker loads them (glibc Linux unloads
      // them otherwise); loaded at the first slip, not at every start (sharp alone costs a start about 150 ms)
      preload: () => import('sharp'),
    });
  }

  /** True when a slip given now would be answered busy. */
  get full(): boolean {
    return this.#pool.full;
  }

  async read(image: Uint8Array): Promise<SlipRead> {
    try {
      return await this.#pool.run(image);
    } catch (err) {
      // no thread free, or timed out or the worker died (logged by the pool): the image is left to a person
      return err instanceof PoolBusy ? { kind: 'busy' } : { kind: 'failed' };
    }
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
