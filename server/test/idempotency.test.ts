import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentAcross, type IdempotencyKey } from '../src/lib/idempotency.js';
import { build, DIALECTS, type TestServer } from './helper.js';

describe.each(DIALECTS)('one Idempotency-Key over several calls (transferAll) on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build(dialect);
  });
  afterAll(() => server.close());

  const key: IdempotencyKey = { memberId: 1, key: 'batch-key-0001', fingerprint: 'body-a' };
  const answer = { status: 200, body: { message: 'SUCCESS' } };

  it('lets the key go when the batch throws, so the retry runs; then replays its answer without running', async () => {
    const across = (k: IdempotencyKey, run: () => Promise<typeof answer>) =>
      idempotentAcross(server.ctx.database, k, server.ctx.now(), run);
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
});
