import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { isTransactionConflict } from './faults.js';
import type { DB } from './schema.js';

export type Tx = Kysely<DB> | Transaction<DB>;

/**
 * Work a caller adds to a service's own transaction (the audit row of an operator's or staff member's
 * change), given the journal entries the service made: it commits or rolls back with the change.
 */
export type AlsoInTransaction = (tx: Tx, journalIds: readonly number[]) => Promise<void>;

/** Runs of a transaction that lost a race (a deadlock, a serialization failure, SQLite's busy lock) before giving up. */
const TRANSACTION_ATTEMPTS = 4;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, (10 + Math.random() * 40) * 2 ** attempt));

/**
 * Runs `fn` in one write transaction. On SQLite it is BEGIN IMMEDIATE: the write lock is taken at the
 * start, so another process (the operator's command) waits on the busy timeout instead of failing
 * half-way with SQLITE_BUSY. On Postgres it is READ COMMITTED; correctness comes from the conditional
 * balance updates, not from the isolation level.
 *
 * The one place a transaction that lost a race is run again: Postgres picks one of two deadlocked
 * transactions (40P01) or a serialization failure (40001) to roll back, and SQLite can still answer
 * busy after its timeout. Everything `fn` did was rolled back, so it runs again from the start, after a
 * short jittered pause; `fn` must therefore do nothing outside the database (outside calls go between
 * transactions, lib/outside-call.ts). After the last attempt the error goes on (503, app.ts).
 */
/**
 * What runs once a transaction has committed, by the transaction handle `withTransaction` gave out:
 * kept per attempt, so a rolled-back attempt (a lost race run again, or an error) runs none of them.
 */
const committing = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `fn` once the transaction `tx` (a handle `withTransaction` gave) has committed, never on a rollback;
 * with no transaction (`database.db`) at once. For what the database cannot do inside the transaction (an
 * in-process event on SQLite); `fn` must not throw.
 */
export function afterCommit(tx: Tx, fn: () => void): void {
  const hooks = committing.get(tx);
  if (hooks) hooks.push(fn);
  else fn();
}

export async function withTransaction<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(database, fn);
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(err)) throw err;
      await pause(attempt);
    }
  }
}

async function runOnce<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const inside = (tx: Tx) => {
    committing.set(tx, hooks);
    return fn(tx);
  };
  const result =
    database.dialect === 'postgres'
      ? await database.db.transaction().execute(inside)
      : await database.db.connection().execute(async (conn) => {
          await sql`begin immediate`.execute(conn);
          try {
            const result = await inside(conn);
            await sql`commit`.execute(conn);
            return result;
          } catch (err) {
            await sql`rollback`.execute(conn);
            throw err;
          } finally {
            // the connection handle outlives this attempt: a later attempt or transaction keeps its own hooks
            committing.delete(conn);
          }
        });
  for (const hook of hooks) hook();
  return result;
}
