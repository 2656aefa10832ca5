import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Two roles on one database (issue 36): the owner, which made every table and runs the migrations, and
 * the role the wallet server connects with, which owns nothing. Only a table's owner (or a superuser) may
 * alter it or turn off its triggers, so the server's role cannot undo the append-only guards of the
 * ledger and the audit trail; on the audit trail it may only add and read rows. The embedded server makes
 * both roles itself (db/embedded-postgres.ts); with DATABASE_URL, DATABASE_OWNER_URL names the owner.
 */

/** Tables the server's role may read and add to, and nothing more. */
const APPEND_ONLY = ['audit_log', 'audit_chain'];
/** The migrator's own tables: the server reads which migrations ran (`/readyz`), never changes them. */
const MIGRATOR = ['kysely_migration', 'kysely_migration_lock'];

/**
 * Gives `role` what the server needs on every table of the current schema, after the owner's migrations:
 * again at every start, so the tables a migration added are covered. In one transaction, under a lock of
 * its own (two instances granting at once: "tuple concurrently updated").
 */
export async function grantServerRole(owner: Kysely<DB>, role: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await grantOnce(owner, role);
    } catch (err) {
      // another process's migration changed a table's catalogue row under the grant ("tuple concurrently updated")
      if ((err as { code?: string }).code !== 'XX000' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function grantOnce(owner: Kysely<DB>, role: string): Promise<void> {
  await owner.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('wallet-grants:' || current_schema()))`.execute(tx);
    // and the migrator's own lock: a migration running in another process finishes before the grants
    if ((await sql<{ here: boolean }>`select to_regclass('kysely_migration_lock') is not null as here`.execute(tx)).rows[0]?.here)
      await sql`select id from kysely_migration_lock for update`.execute(tx);
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(tx)).rows[0]!.schema;
    const to = sql.id(role);
    // those of them there are (a database migrated only part of the way has fewer)
    const present = (
      await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relname = any(${[...APPEND_ONLY, ...MIGRATOR]})`.execute(tx)
    ).rows.map((row) => row.name);
    const revoke = async (names: string[], what: string) => {
      const here = names.filter((name) => present.includes(name));
      if (here.length) await sql`revoke ${sql.raw(what)} on ${sql.join(here.map((name) => sql.id(schema, name)))} from ${to}`.execute(tx);
    };
    await sql`grant usage on schema ${sql.id(schema)} to ${to}`.execute(tx);
    await sql`grant select, insert, update, delete on all tables in schema ${sql.id(schema)} to ${to}`.execute(tx);
    // nextval; setting a sequence (setval) is the owner's (the import of an earlier release's wallet)
    await sql`grant usage, select on all sequences in schema ${sql.id(schema)} to ${to}`.execute(tx);
    await sql`revoke update on all sequences in schema ${sql.id(schema)} from ${to}`.execute(tx);
    await revoke(APPEND_ONLY, 'update, delete, truncate, references, trigger');
    await revoke(MIGRATOR, 'insert, update, delete, truncate, references, trigger');
  });
}

/**
 * Whether `role` lacks what grantServerRole gives, or holds what it takes away, on the current schema: one
 * read of the catalogue, so a start with nothing to change writes nothing there (a GRANT rewrites each
 * table's privileges, and two of them at once can fail with "tuple concurrently updated").
 */
export async function grantsMissing(owner: Kysely<DB>, role: string): Promise<boolean> {
  const has = (what: string[], joint: 'or' | 'and') =>
    sql.join(
      what.map((privilege) => sql`has_table_privilege(${role}, c.oid, ${privilege})`),
      sql.raw(` ${joint} `),
    );
  const any = (what: string[]) => sql`(${has(what, 'or')})`;
  const all = (what: string[]) => sql`(${has(what, 'and')})`;
  const { rows } = await sql<{ missing: boolean }>`
    select not has_schema_privilege(${role}, current_schema(), 'USAGE')
      or exists (
        select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v') and case
           when c.relname = any(${APPEND_ONLY}) then not ${all(['SELECT', 'INSERT'])} or ${any(['UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'])}
           when c.relname = any(${MIGRATOR}) then not ${all(['SELECT'])} or ${any(['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'])}
           else not ${all(['SELECT', 'INSERT', 'UPDATE', 'DELETE'])}
         end)
      or exists (
        select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind = 'S'
           and (not (has_sequence_privilege(${role}, c.oid, 'USAGE') and has_sequence_privilege(${role}, c.oid, 'SELECT'))
                or has_sequence_privilege(${role}, c.oid, 'UPDATE'))) as missing`.execute(owner);
  return rows[0]?.missing === true;
}

/**
 * Why the role this connection runs as could change or remove a row of the audit trail (a superuser; the
 * tables' owner, or a member of its role; a grant to update, delete or truncate): undefined when it
 * cannot. Production refuses to start on such a role.
 */
export async function auditTrailExposure(db: Kysely<DB>): Promise<string | undefined> {
  const { rows } = await sql<{ role: string; superuser: boolean; createrole: boolean; owner: boolean; changes: boolean }>`
    select current_user as role, r.rolsuper as superuser, r.rolcreaterole as createrole,
           bool_or(pg_has_role(current_user, c.relowner, 'MEMBER')) as owner,
           bool_or(c.relname in ('audit_log', 'audit_chain') and (has_table_privilege(c.oid, 'UPDATE') or has_table_privilege(c.oid, 'DELETE')
             or has_table_privilege(c.oid, 'TRUNCATE') or has_table_privilege(c.oid, 'TRIGGER'))) as changes
      from pg_roles r, pg_class c
     where r.rolname = current_user and c.oid in (to_regclass('audit_log'), to_regclass('audit_chain'), to_regclass('journal'), to_regclass('postings'))
     group by r.rolname, r.rolsuper, r.rolcreaterole`.execute(db);
  const found = rows[0];
  if (!found) return undefined;
  const why = found.superuser
    ? 'is a superuser'
    : found.owner
      ? 'owns the tables'
      : found.createrole
        ? 'may create roles (and so make itself a member of the owner)'
        : found.changes
          ? 'may update, delete or truncate audit rows'
          : undefined;
  return why && `the server's database role ${found.role} ${why}, so it could change or remove audit rows`;
}
