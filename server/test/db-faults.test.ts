import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../src/db/transaction.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, DEMO_MEMBER, login, message, PG_URL, type TestServer } from './helper.js';
import { startServer, type SpawnedServer } from './spawn-server.js';

/**
 * A lost Postgres connection costs only the request that was using it: the process lives on, the pool
 * connects anew, and that request answers 503 SERVICE_UNAVAILABLE. Tests share one database with other
 * test files running at once, so each kills only connections named with its own application_name.
 */

async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Ends every connection Postgres has under this application_name, as an operator's pg_terminate_backend would; how many. */
const terminate = async (appName: string) =>
  (await sql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()`, [appName]))
    .length;

const until = async (what: string, check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('a lost Postgres connection (the real server in its own process)', () => {
  const tag = randomBytes(5).toString('hex');
  const schema = `test_faults_${tag}`;
  const appName = `wallet-faults-${tag}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-faults-'));
  let server: SpawnedServer;
  const exits: (number | string | null)[] = [];

  const api = (method: string, url: string, token?: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { 'x-wallet-client': 'member', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    await sql(`create schema "${schema}"`);
    const url = new URL(PG_URL);
    url.searchParams.set('application_name', appName);
    url.searchParams.set('options', `-c search_path=${schema}`);
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url.href });
    server.child.once('exit', (code, signal) => exits.push(code ?? signal));
  });

  afterAll(async () => {
    await server?.stop();
    await sql(`drop schema "${schema}" cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lives on when its idle connections are terminated, and answers the next requests from new ones', async () => {
    const token = (
      (await (await api('POST', '/api/login', undefined, { username: DEMO_MEMBER.phone, password: DEMO_MEMBER.password })).json()) as {
        token: string;
      }
    ).token;
    expect((await api('GET', '/api/wallet', token)).status).toBe(200);
    // the socket.io adapter's LISTEN connection is one of them
    await until(
      'the chat adapter to listen',
      async () => (await sql(`select 1 from pg_stat_activity where application_name = $1 and query like 'LISTEN%'`, [appName])).length > 0,
    );

    for (let round = 0; round < 2; round++) {
      expect(await terminate(appName)).toBeGreaterThan(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(exits, 'the server process ended').toEqual([]);
      const wallet = await api('GET', '/api/wallet', token);
      expect([wallet.status, ((await wallet.json()) as { wallet?: unknown }).wallet]).toEqual([200, { amount: 0 }]);
      const lookup = await api('GET', '/api/lookup/banks');
      expect(lookup.status).toBe(200);
      // the adapter listens again on a connection of its own
      await until(
        'the chat adapter to listen again',
        async () =>
          (await sql(`select 1 from pg_stat_activity where application_name = $1 and query like 'LISTEN%'`, [appName])).length > 0,
      );
    }
    expect(exits).toEqual([]);
  });
});

describe('a connection lost in the middle of a request (in process)', () => {
  let server: TestServer;
  let token: string;
  let appName: string;

  beforeAll(async () => {
    server = await build({ providerTimeoutMs: 2_000 });
    appName = `wallet ${server.schema}`;
    token = await login(server.app);
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '100'], () => undefined);
    await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token });
  });
  afterAll(() => server.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, moves nothing, and the next request succeeds', async () => {
    // hold the member's row, so the transfer's first statement waits on it; then its connection is killed
    const holder = new pg.Client({ connectionString: PG_URL, application_name: `holder ${server.schema}` });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from "${server.schema}".members where id = 1 for update`);
      const pending = call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 10 }, { token });
      let waiting: { pid: number }[] = [];
      await until('the transfer to wait on the row', async () => {
        waiting = await sql<{ pid: number }>(`select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`, [
          appName,
        ]);
        return waiting.length > 0;
      });
      await sql('select pg_terminate_backend($1)', [waiting[0]!.pid]);
      const res = await pending;
      expect([res.statusCode, message(res), res.headers['retry-after']]).toEqual([503, 'SERVICE_UNAVAILABLE', '2']);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const wallet = await call(server.app, 'GET', '/api/wallet', undefined, { token });
    expect(wallet.json().wallet).toEqual({ amount: 100 });
    const again = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 10 }, { token });
    expect([again.statusCode, message(again)]).toEqual([200, 'SUCCESS']);
  });

  it('runs a transaction again when Postgres picked it to end a deadlock', async () => {
    let runs = 0;
    let arrive!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => {
      let n = 0;
      arrive = () => (++n === 2 ? resolve() : undefined);
    });
    // two transactions take the same two rows in opposite order: one of them is rolled back (40P01)
    const lockInOrder = (first: string, second: string) =>
      withTransaction(server.ctx.database, async (tx) => {
        runs += 1;
        await tx
          .updateTable('settings')
          .set((eb) => ({ value: eb.ref('value') }))
          .where('key', '=', first)
          .execute();
        arrive();
        await bothHoldOne;
        await tx
          .updateTable('settings')
          .set((eb) => ({ value: eb.ref('value') }))
          .where('key', '=', second)
          .execute();
        return first;
      });
    expect(await Promise.all([lockInOrder('registerOTP', 'siteActive'), lockInOrder('siteActive', 'registerOTP')])).toEqual([
      'registerOTP',
      'siteActive',
    ]);
    expect(runs).toBe(3);
  });
});
