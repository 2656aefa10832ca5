import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
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
 * Where the worker's code is: the compiled slip-worker.js beside this file, or, running from the
 * TypeScript sources, slip-worker.ts with tsx's loader (tsx passes its loader on to workers it starts
 * itself, a test runner does not).
 */
function workerFile(): { filename: string; execArgv?: string[] } {
  const js = new URL('./slip-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { filename: js.href };
  const ts = new URL('./slip-worker.ts', import.meta.url).href;
  if (process.execArgv.some((a) => a.includes('tsx'))) return { filename: ts };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename: ts, execArgv: [...process.execArgv, '--import', tsx] };
}

/**
 * Reads slips' QR codes off the main thread: decoding a big photo takes a thread for a good part of a
 * second and its memory. A fixed number of worker threads, started when a slip comes and ended when
 * idle, and a bounded number of slips waiting for them: a slip beyond that is answered busy without
 * holding its image, and the caller tries it again later.
 */
export class SlipReader {
  #pool: Piscina | undefined;
  #inFlight = 0;
  #closed = false;

  constructor(private readonly options: SlipReaderOptions) {}

  /** True when a slip given now would be answered busy. */
  get full(): boolean {
    return this.#inFlight >= this.options.threads + this.options.queue;
  }

  async read(image: Uint8Array): Promise<SlipRead> {
    if (this.full || this.#closed) return { kind: 'busy' };
    this.#inFlight += 1;
    try {
      return (await (
        await this.#workers()
      ).run(image, { signal: AbortSignal.timeout(this.options.timeoutMs ?? SLIP_READ_TIMEOUT_MS) })) as SlipQr;
    } catch (err) {
      // timed out (the worker is ended) or the worker died: the image is left to a person
      this.options.log?.(err);
      if (!(err instanceof Error && err.name === 'AbortError')) this.#restart();
      return { kind: 'failed' };
    } finally {
      this.#inFlight -= 1;
    }
  }

  /**
   * The pool, made at the first slip: piscina and sharp are loaded then, not at every start of the server
   * or the operator's CLI (sharp alone costs a start about 150 ms).
   */
  async #workers(): Promise<Piscina> {
    if (this.#pool) return this.#pool;
    // sharp's libraries must be loaded by the main thread before a worker loads them (glibc Linux unloads them otherwise)
    const [{ Piscina }] = await Promise.all([import('piscina'), import('sharp')]);
    if (this.#pool) return this.#pool;
    if (this.#closed) throw new Error('the slip reader was closed while it started');
    this.#pool = new Piscina({
      ...workerFile(),
      minThreads: 0,
      maxThreads: this.options.threads,
      // the queue is bounded above (full); piscina's own bound would answer a different error per case
      maxQueue: Infinity,
      // an idle worker ends and gives its memory (the wasm heap never shrinks) back
      idleTimeout: 30_000,
    });
    // a worker's error with no task of its own (it failed to start, a stray throw after its task) is
    // emitted on the pool: unheard, Node would take it for an uncaught exception and end the process
    this.#pool.on('error', (err: unknown) => {
      this.options.log?.(err);
      this.#restart();
    });
    return this.#pool;
  }

  /** A pool whose worker failed to start stays failed (piscina remembers it): the next slip gets a new one. */
  #restart(): void {
    const pool = this.#pool;
    this.#pool = undefined;
    void pool?.destroy().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }
}
