import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, fingerprintsOf, idempotentAcross, type IdempotencyKey } from '../src/lib/idempotency.js';
import pg from 'pg';
import { checkLedger } from '../src/ledger/invariants.js';
import { runCommand } from '../src/operator/commands.js';
import { until } from './chat-helpers.js';
import { build, call, DEMO_MEMBER, login, message, PG_URL, type TestServer } from './helper.js';

describe("a call's fingerprint", () => {
  it('is one for the same fields in any order, at every depth; another for other values or another order of a list', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
    const of = (body: unknown, params?: unknown) => fingerprintsOf({ method: 'POST', route: '/api/x/:code', params, body });
    const one = of({ from: 'WALLET', to: 'PG', amount: 5 }, { code: 'KBANK' });
    expect(of({ amount: 5, to: 'PG', from: 'WALLET' }, { code: 'KBANK' }).fingerprint).toBe(one.fingerprint);
    expect(of({ from: 'WALLET', to: 'PG', amount: 6 }, { code: 'KBANK' }).fingerprint).not.toBe(one.fingerprint);
    expect(of({ from: 'WALLET', to: 'PG', amount: 5 }, { code: 'WW' }).fingerprint).not.toBe(one.fingerprint);
    expect(of({ list: [1, 2] }).fingerprint).not.toBe(of({ list: [2, 1] }).fingerprint);
    // the form keys were stored in before: only where it differs
    expect(one.asSent).toBeDefined();
    expect(of({ amount: 5, from: 'WALLET', to: 'PG' })).toEqual({ fingerprint: expect.any(String) });
  });
});

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

  it('answers a key stored as its body was sent (before fingerprints were canonical) in that form only', async () => {
    const stored: IdempotencyKey = { memberId: 1, key: 'batch-key-0003', fingerprint: 'as-sent' };
    let runs = 0;
    const run = (k: IdempotencyKey) =>
      idempotentAcross(server.ctx.database, k, server.ctx.now(), 0, () => {
        runs += 1;
        return Promise.resolve({ outcome: answer, final: true });
      });
    expect(await run(stored)).toEqual(answer);
    expect(await run({ ...stored, fingerprint: 'canonical', asSent: 'as-sent' })).toEqual(answer);
    expect(runs).toBe(1);
    await expect(run({ ...stored, fingerprint: 'canonical', asSent: 'sent-otherwise' })).rejects.toMatchObject({ code: 'KEY_INVALID' });
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

describe('twins of one Idempotency-Key racing (a double tap, a retry beside the first try)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '5000'], () => undefined);
    await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token });
  });
  afterAll(() => server.close());

  const TWINS = 4;
  const keyed = (url: string, body: unknown, key: string) =>
    call(server.app, 'POST', url, body, { token, headers: { 'idempotency-key': key } });
  /**
   * The twins, each past its key's look and waiting for the member's lock, which the test holds (on a
   * connection of its own) until all of them wait, as Postgres lists them: then they race, as a double tap can.
   */
  const twins = async (url: string, body: unknown, key: string) => {
    const holder = new pg.Client({ connectionString: PG_URL });
    await holder.connect();
    try {
      await holder.query(`set search_path to "${server.schema}"`);
      await holder.query('begin');
      await holder.query('select id from members where phone = $1 for update', [DEMO_MEMBER.phone]);
      const answers = Promise.all(Array.from({ length: TWINS }, () => keyed(url, body, key)));
      // the sessions waiting for the holder's row (not any other test file's, on the same Postgres): the first
      // waits for the holder's transaction, the others for that row of this schema's members in line behind it
      const waiting = async () =>
        (
          await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_locks
              where not granted and (relation = 'members'::regclass or transactionid = pg_current_xact_id()::xid)`,
          )
        ).rows[0]!.n;
      await until(async () => (await waiting()) >= TWINS, 30_000, 'every twin waiting for the member');
      await holder.query('commit');
      return await answers;
    } finally {
      await holder.end();
    }
  };

  it("answers every twin of a withdrawal with the first one's answer (not WITHDRAW_PENDING), and asks for the money once", async () => {
    const answers = await twins('/api/wallet/withdraw', { amount: 600 }, 'twin-withdraw-0001');
    expect(answers.map((a) => a.statusCode)).toEqual(Array(TWINS).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const asked = await server.ctx.database.db.selectFrom('withdrawals').select('id').execute();
    expect(asked).toHaveLength(1);
  });

  it("answers every twin of a transfer of the whole wallet with the first one's answer, or 409 while it is open; it moves once", async () => {
    const answers = await twins('/api/wallet/transferAll', { to: 'PG' }, 'twin-transfer-0001');
    const seen = answers.map((a) => `${a.statusCode} ${message(a)}`);
    expect(seen).toContain('200 SUCCESS');
    expect(seen.filter((s) => s !== '200 SUCCESS' && s !== '409 TRANSFER_PENDING')).toEqual([]);
    // a retry once all is done answers as the first did
    const again = await keyed('/api/wallet/transferAll', { to: 'PG' }, 'twin-transfer-0001');
    expect(`${again.statusCode} ${message(again)}`).toBe('200 SUCCESS');
    const moves = await server.ctx.database.db
      .selectFrom('transfer_intents')
      .select('id')
      .where('idempotency_key', '=', 'twin-transfer-0001')
      .execute();
    expect(moves).toHaveLength(1);
    expect(await checkLedger(server.ctx.database.db)).toEqual([]);
  });
});
