import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';

export type Tx = Kysely<DB> | Transaction<DB>;

/**
 * Runs `fn` in one write transaction. On SQLite it is BEGIN IMMEDIATE: the write lock is taken at the
 * start, so another process (the operator's command) waits on the busy timeout instead of failing
 * half-way with SQLITE_BUSY. On Postgres it is READ COMMITTED; correctness comes from the conditional
 * balance updates, not from the isolation level.
 */
export async function withTransaction<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') return database.db.transaction().execute(fn);
  return database.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}
