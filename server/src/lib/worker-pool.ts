import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import type { Piscina } from 'piscina';

/** A task given while every thread is taken and the queue is full, or after close: nothing was done. */
export class PoolBusy extends Error {
  constructor() {
    super('every worker thread is taken and the queue is full');
    this.name = 'PoolBusy';
  }
}

export interface WorkerPoolOptions {
  /**
   * The worker's module, a build entry of its own (scripts/build-server.mjs): its name without the extension,
   * and the URL of the module that names it (its import.meta.url; in the build, the bundle's, beside which
   * every entry is written).
   */
  worker: { name: string; from: string };
  /** Worker threads at once. */
  threads: number;
  /** Tasks waiting for a thread beyond those; one more is refused at once (PoolBusy) without being held. */
  queue: number;
  /** A task not done in this time (its wait for a thread included) ends its worker: rejected with an AbortError. */
  timeoutMs: number;
  /** Where a failed task or a failed worker is told (the server's log). */
  log?: (err: unknown) => void;
  /** Loaded by the main thread before the first worker starts (sharp's native libraries must be, on glibc Linux). */
  preload?: () => Promise<unknown>;
  /** Each worker's heap: a task that needs more ends its worker (rejected), not the process. */
  resourceLimits?: ResourceLimits;
}

/**
 * Where a worker's code is: the compiled `<name>.js` beside the module that names it, or, running from the
 * TypeScript sources, `<name>.ts` with tsx's loader (tsx passes its loader on to workers it starts itself,
 * a test runner does not).
 */
function workerFile(name: string, from: string): { filename: string; execArgv?: string[] } {
  const js = new URL(`./${name}.js`, from);
  if (existsSync(fileURLToPath(js))) return { filename: js.href };
  const ts = new URL(`./${name}.ts`, from).href;
  if (process.execArgv.some((a) => a.includes('tsx'))) return { filename: ts };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename: ts, execArgv: [...process.execArgv, '--import', tsx] };
}

/**
 * Work that would hold the thread serving requests for a good part of a second (a slip photo's QR, a
 * statement workbook), done in worker threads instead: a fixed number of them, started when a task comes
 * and ended when idle, and a bounded number of tasks waiting for them. A worker that fails or overruns is
 * ended and the next task gets a new one; the process goes on.
 */
export class WorkerPool<In, Out> {
  #pool: Piscina | undefined;
  #inFlight = 0;
  #closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** True when a task given now would be refused (PoolBusy). */
  get full(): boolean {
    return this.#inFlight >= this.options.threads + this.options.queue;
  }

  /** Tasks running or waiting for a thread now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** The worker's answer; PoolBusy when full or closed; the worker's error, or an AbortError past the time, when it failed (logged). */
  async run(task: In): Promise<Out> {
    if (this.full || this.#closed) throw new PoolBusy();
    this.#inFlight += 1;
    try {
      return (await (await this.#workers()).run(task, { signal: AbortSignal.timeout(this.options.timeoutMs) })) as Out;
    } catch (err) {
      this.options.log?.(err);
      // timed out: piscina ended that worker itself; anything else may have left the pool failed
      if (!(err instanceof Error && err.name === 'AbortError')) this.#restart();
      throw err;
    } finally {
      this.#inFlight -= 1;
    }
  }

  /** The pool, made at the first task: piscina (and the preload) are loaded then, not at every start of the server or the operator's CLI. */
  async #workers(): Promise<Piscina> {
    if (this.#pool) return this.#pool;
    const [{ Piscina }] = await Promise.all([import('piscina'), this.options.preload?.()]);
    if (this.#pool) return this.#pool;
    if (this.#closed) throw new Error('the worker pool was closed while it started');
    this.#pool = new Piscina({
      ...workerFile(this.options.worker.name, this.options.worker.from),
      minThreads: 0,
      maxThreads: this.options.threads,
      // the queue is bounded above (full); piscina's own bound would answer a different error per case
      maxQueue: Infinity,
      // an idle worker ends and gives its memory back
      idleTimeout: 30_000,
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    // a worker's error with no task of its own (it failed to start, a stray throw after its task) is
    // emitted on the pool: unheard, Node would take it for an uncaught exception and end the process
    this.#pool.on('error', (err: unknown) => {
      this.options.log?.(err);
      this.#restart();
    });
    return this.#pool;
  }

  /** A pool whose worker failed to start stays failed (piscina remembers it): the next task gets a new one. */
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
