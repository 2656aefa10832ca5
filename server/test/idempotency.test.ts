import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentAcross, type IdempotencyKey } from '../src/lib/idempotency.js';
import { build, type TestServer } from './helper.js';

describe('one Idempotency-Key over several calls (transferAll)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  const key: IdempotencyKey = { memberId: 1, key: 'batch-key-0001', fingerprint: 'body-a' };
  const answer = { status: 200, body: { message: 'SUCCESS' } };

  it('lets the key go when the batch throws, so the retry runs; then replays its answer without running', async () => {
    const across = (k: IdempotencyKey, run: () => Promise<typeof answer>) =>
      idempotentAcross(server.ctx.database, k, server.ctx.now(), 0, async () => ({ outcome: await run(), final: true }));
    await expect(across(key, () => Promise.reject(new Error('database went away')))).rejects.toThrow('database went away');
    let runs = 0;
    const run = () => {
      runs += 1;
      return Promise.resolve(answer);
    };
    expect(await across(key, run)).toEqual(answer);
    expect(await across(key, run)).toEqual(answer);
    expect(runs).toBe(1);
    await expect(across({ ...key, fingerprint: 'body-b' }, run)).rejects.toMatchObject({ status: 422, code: 'KEY_INVALID' });
  });

  it('keeps a key whose parts are still pending open: a replay runs the batch again, and its final answer then stays', async () => {
    const k: IdempotencyKey = { memberId: 1, key: 'batch-key-0002', fingerprint: 'body-a' };
    const pending = { status: 409, body: { message: 'TRANSFER_PENDING' } };
    const parts: (string | undefined)[] = [];
    let settled = false;
    const run = () =>
      idempotentAcross(server.ctx.database, k, server.ctx.now(), 0, (keyOf) => {
        parts.push(keyOf('PG')?.key);
        return Promise.resolve(settled ? { outcome: answer, final: true } : { outcome: pending, final: false });
      });
    expect(await run()).toEqual(pending);
    expect(await run()).toEqual(pending);
    settled = true; // the sweep finished the part's intent
    expect(await run()).toEqual(answer);
    settled = false;
    expect(await run()).toEqual(answer);
    // every run gave its part the same key of its own, which a client's key can never be
    expect(parts).toEqual(['batch-key-0002/PG', 'batch-key-0002/PG', 'batch-key-0002/PG']);
  });
});
