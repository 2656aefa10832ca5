import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, message, PG_URL, type TestServer } from './helper.js';
import { signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';

/**
 * A database the server cannot reach (issue 39): the API says so with 503 SERVICE_UNAVAILABLE, to the
 * console and the member app alike, and serves again once the database answers. The outage is this
 * server's alone: its pool is pointed at a port nobody listens on and its open connections are ended.
 */
describe('a database that cannot be reached', () => {
  let server: TestServer;
  let staff: StaffBrowser;
  let pool: pg.Pool & { options: { connectionString?: string } };
  let url: string | undefined;

  const endConnections = async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      // the pool names its connections after its schema (db/database.ts poolOptions)
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`wallet ${server.schema}`]);
    } finally {
      await admin.end();
    }
  };
  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never saw ${what}`);
  };

  beforeAll(async () => {
    server = await build();
    ({ browser: staff } = await signedIn(server, 'outage.admin', 'admin'));
    pool = server.ctx.database.postgres.pool as typeof pool;
    url = pool.options.connectionString;
  });
  afterAll(async () => {
    if (url) pool.options.connectionString = url;
    await server?.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE to the console and the member app while it is away, and serves again when it is back', async () => {
    expect((await staffCall(server, staff, 'GET', '/dashboard')).statusCode).toBe(200);
    pool.options.connectionString = 'postgres://wallet:wallet@127.0.0.1:9/nothing';
    await endConnections();
    await until('the console told the database is away', async () => {
      const res = await staffCall(server, staff, 'GET', '/dashboard');
      return res.statusCode === 503;
    });
    for (const res of [
      await staffCall(server, staff, 'GET', '/dashboard'),
      await staffCall(server, staff, 'GET', '/members?q=0812'),
      await call(server.app, 'GET', '/api/lookup/banks'),
    ]) {
      expect([res.statusCode, message(res), res.headers['retry-after']]).toEqual([503, 'SERVICE_UNAVAILABLE', '2']);
    }
    pool.options.connectionString = url;
    await until('the console served again', async () => (await staffCall(server, staff, 'GET', '/dashboard')).statusCode === 200);
    expect((await staffCall(server, staff, 'GET', '/members?q=0812')).statusCode).toBe(200);
  });
});
