import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { embeddedPostgres, embeddedUrl, SERVER_ROLE } from '../src/db/embedded-postgres.js';
import { PRODUCTION_ENV, runOperatorCli, scratchDirs, spawnServer, startServer } from './spawn-server.js';

/**
 * The role the server connects with owns nothing (issue 36): it reads and writes rows, adds to the audit
 * trail and reads it, and cannot change or remove an audit row, or turn off a table's guards. The owner
 * runs the migrations: the embedded server's superuser, or DATABASE_OWNER_URL with DATABASE_URL.
 */

const dataDir = scratchDirs('wallet-roles-');

/** Runs `text` on `url`: undefined when it worked, else Postgres' error code. */
async function outcome(url: string, text: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end();
  }
}

async function rows<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** What a role that could rewrite history tries; each must be refused (42501: insufficient privilege). */
const TAMPERING = [
  'alter table audit_log disable trigger user',
  'alter table audit_chain disable trigger user',
  'alter table postings disable trigger user',
  'alter table journal disable trigger user',
  'delete from audit_log',
  "update audit_log set reason = 'nothing happened'",
  'truncate audit_log',
  'delete from audit_chain',
  'drop table audit_chain',
  "update kysely_migration set name = 'x'",
];

describe('the role the server connects with', () => {
  it('embedded: the server runs as a role that owns nothing; it adds and reads audit rows and can change none', async () => {
    const dir = dataDir();
    const server = await startServer({ ...PRODUCTION_ENV, DATA_DIR: dir });
    try {
      const asServer = embeddedUrl(dir, SERVER_ROLE);
      const owner = embeddedUrl(dir);
      // the server's own connections are the server role's
      const users = await rows<{ usename: string }>(
        owner,
        `select distinct usename from pg_stat_activity where application_name = 'wallet'`,
      );
      expect(users).toEqual([{ usename: SERVER_ROLE }]);
      for (const text of TAMPERING) expect([text, await outcome(asServer, text)]).toEqual([text, '42501']);
      // adding to the trail and reading it is what the server does; a row it adds is chained
      expect(
        await outcome(
          asServer,
          `insert into audit_log (at, actor_kind, actor_username, action, target) values (1, 'cli', 'cli', 'test', 'role')`,
        ),
      ).toBeUndefined();
      expect(await rows(asServer, `select action from audit_log where target = 'role'`)).toEqual([{ action: 'test' }]);
      const verify = await runOperatorCli({ ...PRODUCTION_ENV, DATA_DIR: dir }, 'audit', 'verify');
      expect(verify.out).toContain('audit verify: 1 chained row(s) hold');
      expect(verify.code).toBe(0);
      // the owner still may (a migration is the owner's), and the server's role never became one
      expect(await rows(owner, `select tableowner from pg_tables where tablename = 'audit_log'`)).toEqual([{ tableowner: 'wallet' }]);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('DATABASE_URL and DATABASE_OWNER_URL: the owner migrates, the server starts in production on the other role; a role that could rewrite the trail is refused', async () => {
    const dir = dataDir();
    const cluster = await embeddedPostgres(dir);
    try {
      expect(await outcome(cluster.url, `create role clerk_app login`)).toBeUndefined();
      expect(await outcome(cluster.url, `create database ext`)).toBeUndefined();
      const on = (role: string) => embeddedUrl(dir, role).replace(/\/wallet$/, '/ext');
      const server = await startServer({
        ...PRODUCTION_ENV,
        DATA_DIR: dir,
        DATABASE_URL: on('clerk_app'),
        DATABASE_OWNER_URL: on('wallet'),
      });
      try {
        expect(await rows(on('wallet'), `select tableowner from pg_tables where tablename = 'audit_log'`)).toEqual([
          { tableowner: 'wallet' },
        ]);
        for (const text of TAMPERING) expect([text, await outcome(on('clerk_app'), text)]).toEqual([text, '42501']);
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(200);
      } finally {
        await server.stop();
      }
      // a right taken away by hand is given back at the next start (the grants run when one is missing)
      expect(await outcome(on('wallet'), `revoke select on members from clerk_app`)).toBeUndefined();
      expect(await outcome(on('clerk_app'), `select 1 from members`)).toBe('42501');
      const again = await startServer({
        ...PRODUCTION_ENV,
        DATA_DIR: dir,
        DATABASE_URL: on('clerk_app'),
        DATABASE_OWNER_URL: on('wallet'),
      });
      await again.stop();
      expect(await outcome(on('clerk_app'), `select 1 from members`)).toBeUndefined();
      // the owner itself as the server's role: production refuses to start, and says what to do
      const refused = spawnServer({ ...PRODUCTION_ENV, DATA_DIR: dir, DATABASE_URL: on('wallet') });
      expect(await refused.exit).toBe(2);
      expect(refused.out.stderr.trim()).toBe(
        "Configuration error: the server's database role wallet is a superuser, so it could change or remove audit rows: " +
          'connect the server (DATABASE_URL) as a role that owns nothing and name the owner in DATABASE_OWNER_URL (README, Running in production)',
      );
      // a role that may create roles could make itself a member of the owner's: refused too
      expect(await outcome(cluster.url, `create role role_maker login createrole`)).toBeUndefined();
      const maker = spawnServer({ ...PRODUCTION_ENV, DATA_DIR: dir, DATABASE_URL: on('role_maker'), DATABASE_OWNER_URL: on('wallet') });
      expect(await maker.exit).toBe(2);
      expect(maker.out.stderr).toContain('role_maker may create roles (and so make itself a member of the owner)');
    } finally {
      await cluster.stop({ evenIfUsed: true });
    }
  }, 180_000);
});
