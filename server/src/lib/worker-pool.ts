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

/** A task waiting for a thread: given one (resolve), or past its time first (reject). */
interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Work that would hold the thread serving requests for a good part of a second (a slip photo's QR, a
 * statement workbook), done in worker threads instead: a fixed number of them, started when a task comes
 * and ended when idle, and a bounded number of tasks waiting for them. The tasks wait here, not in
 * piscina: it is handed only as many as there are threads, so a worker that fails (out of memory, a
 * failed start) and the pool made anew after it take only the tasks running on it, never the ones waiting,
 * and a worker ended past its time is replaced for the next task at once. The process goes on.
 */
export class WorkerPool<In, Out> {
  #pool: Piscina | undefined;
  #inFlight = 0;
  #running = 0;
  readonly #waiting: Waiter[] = [];
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

  /**
   * The worker's answer; PoolBusy when full or closed; the worker's error, or an AbortError past the time
   * (the options', or `timeoutMs` for this task), when it failed (logged).
   */
  async run(task: In, timeoutMs = this.options.timeoutMs): Promise<Out> {
    if (this.full || this.#closed) throw new PoolBusy();
    this.#inFlight += 1;
    const signal = AbortSignal.timeout(timeoutMs);
    let pool: Piscina | undefined;
    try {
      await this.#thread(signal);
      try {
        pool = await this.#workers();
        return (await pool.run(task, { signal })) as Out;
      } finally {
        this.#running -= 1;
        this.#waiting.shift()?.resolve();
      }
    } catch (err) {
      if (!(err instanceof PoolBusy)) this.options.log?.(err);
      // past its time: piscina ended that worker itself (or it never had one); anything else may have left
      // the pool failed, and a new one is made for the next task
      if (pool && !(err instanceof Error && err.name === 'AbortError')) this.#restart(pool);
      throw err;
    } finally {
      this.#inFlight -= 1;
    }
  }

  /** Waits for a thread of the pool's (counted in #running once given), or rejects when the signal ends the wait first. */
  #thread(signal: AbortSignal): Promise<void> {
    if (this.#running < this.options.threads) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          this.#running += 1;
          resolve();
        },
        reject,
      };
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** The pool, made at the first task: piscina (and the preload) are loaded then, not at every start of the server or the operator's CLI. */
  async #workers(): Promise<Piscina> {
    if (this.#pool) return this.#pool;
    const [{ Piscina }] = await Promise.all([import('piscina'), this.options.preload?.()]);
    if (this.#pool) return this.#pool;
    if (this.#closed) throw new PoolBusy();
    const pool = new Piscina({
      ...workerFile(this.options.worker.name, this.options.worker.from),
      minThreads: 0,
      maxThreads: this.options.threads,
      // tasks wait in this class (#waiting): piscina is never handed more than it has threads for
      maxQueue: Infinity,
      // an idle worker ends and gives its memory back
      idleTimeout: 30_000,
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    // a worker's error with no task of its own (it failed to start, a stray throw after its task) is
    // emitted on the pool: unheard, Node would take it for an uncaught exception and end the process
    pool.on('error', (err: unknown) => {
      this.options.log?.(err);
      this.#restart(pool);
    });
    this.#pool = pool;
    return pool;
  }

  /** A pool whose worker failed stays failed (piscina remembers a failed start): the next task gets a new one. Only the pool that failed is ended. */
  #restart(pool: Piscina): void {
    if (this.#pool === pool) this.#pool = undefined;
    void pool.destroy().catch(() => undefined);
  }

  /** Ends the workers (their tasks are rejected) and refuses what waits and what comes (PoolBusy). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(new PoolBusy());
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }
}
