import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';

const OLD_REASONS = `finish_reason in ('TURNOVER', 'CLEAR')`;
const NEW_REASONS = `finish_reason in ('TURNOVER', 'CLEAR', 'STAFF')`;

/**
 * SQLite cannot change a table's CHECK constraint: the table is made again under its new rule (SQLite's
 * own recipe: create, copy, drop, rename, then the indexes), from the definition SQLite keeps, so every
 * column, default and other constraint stays as it was. Nothing references member_bonuses.
 */
async function sqliteRebuildWithReason(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'member_bonuses'`.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition?.includes(OLD_REASONS)) throw new Error('member_bonuses: the finish_reason check is not the one 0029 replaces');
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'member_bonuses' and sql is not null`.execute(db);
  const renamed = definition
    .replace(/^CREATE TABLE "?member_bonuses"?/i, 'CREATE TABLE "member_bonuses_0029"')
    .replace(OLD_REASONS, NEW_REASONS);
  await sql.raw(renamed).execute(db);
  await sql`insert into member_bonuses_0029 select * from member_bonuses`.execute(db);
  await sql`drop table member_bonuses`.execute(db);
  await sql`alter table member_bonuses_0029 rename to member_bonuses`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

/**
 * Issue 23, the member page's last tools: staff end a member's running bonus with a reason (finish reason
 * STAFF, who in `ended_by`), and a member's sessions keep the device and address they signed in from.
 */
export function memberToolMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0029_member_tools': {
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') {
          await sql`alter table member_bonuses drop constraint member_bonuses_reason_check`.execute(db);
          await sql
            .raw(`alter table member_bonuses add constraint member_bonuses_reason_check check (finish_reason is null or ${NEW_REASONS})`)
            .execute(db);
        } else {
          await sqliteRebuildWithReason(db);
        }
        // who ended it when staff did ('staff:<username>', 'cli:<username>'); null for the member or the turnover
        await db.schema.alterTable('member_bonuses').addColumn('ended_by', 'text').execute();
        // the browser's User-Agent (at most 300 characters) and the address of the sign-in
        await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
        await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
      },
    },
  };
}
