import { describe, expect, it } from 'vitest';
import { PoolBusy, WorkerPool, type WorkerPoolOptions } from '../src/lib/worker-pool.js';
import type { TestTask } from './fixtures/test-worker.js';

/**
 * The worker pool behind the slip and statement readers (server/src/lib/worker-pool.ts): a task that
 * fails, runs out of memory or runs past its time takes only itself; the tasks waiting behind it are done,
 * by a new worker when the old one ended; what finds every place taken, or comes after close, is refused
 * at once.
 */

const poolOf = (options: Partial<WorkerPoolOptions> = {}) =>
  new WorkerPool<TestTask, number | undefined>({
    worker: { name: 'fixtures/test-worker', from: import.meta.url },
    threads: 1,
    queue: 4,
    timeoutMs: 60_000,
    ...options,
  });

/** Atomics.waitAsync (Node 16 and later; TypeScript's library here predates it). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

/** A flag the task sets once it runs on a worker, and the wait for it. */
function startFlag() {
  const started = new SharedArrayBuffer(4);
  const wait = waitAsync(new Int32Array(started), 0, 0);
  return { started, running: wait.async ? wait.value : Promise.resolve(wait.value) };
}

const outcomes = (settled: PromiseSettledResult<number | undefined>[]) =>
  settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message));

describe('worker pool', () => {
  it('a task that throws fails alone: the tasks waiting behind it are done', async () => {
    const pool = poolOf();
    try {
      const settled = await Promise.allSettled([
        pool.run({ kind: 'throw' }),
        pool.run({ kind: 'echo', value: 1 }),
        pool.run({ kind: 'echo', value: 2 }),
      ]);
      expect(outcomes(settled)).toEqual(['a bug in the worker', 1, 2]);
    } finally {
      await pool.close();
    }
  });

  it('a worker out of memory ends, not the process; the tasks waiting behind it are done by a new one', async () => {
    const pool = poolOf({ resourceLimits: { maxOldGenerationSizeMb: 64 } });
    try {
      const settled = await Promise.allSettled([
        pool.run({ kind: 'oom' }),
        pool.run({ kind: 'echo', value: 1 }),
        pool.run({ kind: 'echo', value: 2 }),
      ]);
      expect(settled[0]).toMatchObject({ status: 'rejected', reason: { code: 'ERR_WORKER_OUT_OF_MEMORY' } });
      expect(outcomes(settled.slice(1))).toEqual([1, 2]);
    } finally {
      await pool.close();
    }
  });

  it('a task running past its time ends its worker, and the task waiting behind it gets a new one at once', async () => {
    const pool = poolOf();
    try {
      const flag = startFlag();
      const hang = pool.run({ kind: 'hang', started: flag.started }, 2_000);
      // it runs on its worker before the next comes: what is ended is a running task, not a waiting one
      await flag.running;
      const next = pool.run({ kind: 'echo', value: 7 });
      await expect(hang).rejects.toMatchObject({ name: 'AbortError' });
      expect(await next).toBe(7);
    } finally {
      await pool.close();
    }
  });

  it('refuses at once, holding nothing, what finds every thread and queue place taken, and everything once closed', async () => {
    const pool = poolOf({ threads: 1, queue: 1 });
    const flag = startFlag();
    const hang = pool.run({ kind: 'hang', started: flag.started }).catch((e: unknown) => e);
    await flag.running;
    const waiting = pool.run({ kind: 'echo', value: 1 }).catch((e: unknown) => e);
    expect([pool.full, pool.inFlight]).toEqual([true, 2]);
    await expect(pool.run({ kind: 'echo', value: 2 })).rejects.toBeInstanceOf(PoolBusy);
    await pool.close();
    expect(await waiting).toBeInstanceOf(PoolBusy);
    // the running task ended with its worker
    expect(await hang).toBeInstanceOf(Error);
    await expect(pool.run({ kind: 'echo', value: 3 })).rejects.toBeInstanceOf(PoolBusy);
    expect(pool.inFlight).toBe(0);
  });

  it('a worker that cannot start fails its task as the fault it is, and the next task tries anew', async () => {
    const pool = poolOf({ worker: { name: 'fixtures/no-such-worker', from: import.meta.url } });
    try {
      for (const value of [1, 2]) {
        const err = await pool.run({ kind: 'echo', value }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(Error);
        expect(err).not.toBeInstanceOf(PoolBusy);
        expect((err as Error).name).not.toBe('AbortError');
      }
      expect(pool.inFlight).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
