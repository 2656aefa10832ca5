import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';
import { isTransactionConflict } from './faults.js';
import type { DB } from './schema.js';

export type Tx = Kysely<DB> | Transaction<DB>;

/**
 * Work a caller adds to a service's own transaction (the audit row of an operator's or staff member's
 * change), given the journal entries the service made: it commits or rolls back with the change.
 */
export type AlsoInTransaction = (tx: Tx, journalIds: readonly number[]) => Promise<void>;

/** Runs of a transaction that lost a race (a deadlock, a serialization failure) before giving up. */
const TRANSACTION_ATTEMPTS = 4;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, (10 + Math.random() * 40) * 2 ** attempt));

/**
 * What a transaction handle `withTransaction` gave out runs once it has committed. Kept with the attempt,
 * never with the handle (a handle another transaction may reuse must not carry what a refused one left:
 * issue 34's lost update came from state kept by handle), so a rolled-back attempt (a lost race run
 * again, or an error) runs none of it.
 */
interface Hooks {
  after: (() => void)[];
}
const newHooks = (): Hooks => ({ after: [] });
const hooksOf = new WeakMap<Tx, Hooks>();

/**
 * Runs `fn` once the transaction `tx` (a handle `withTransaction` gave) has committed, never on a rollback;
 * with no transaction (`database.db`) at once. For what must not happen unless the change is kept (a cache
 * filled with what the transaction read); `fn` must not throw.
 */
export function afterCommit(tx: Tx, fn: () => void): void {
  const hooks = hooksOf.get(tx);
  if (hooks) hooks.after.push(fn);
  else fn();
}

/** `fn` on the transaction `tx`, its hooks found by the handle while it runs. */
async function runInside<T>(tx: Tx, hooks: Hooks, fn: (tx: Tx) => Promise<T>): Promise<T> {
  hooksOf.set(tx, hooks);
  try {
    return await fn(tx);
  } finally {
    // the handle may outlive this work: the next keeps its own hooks
    hooksOf.delete(tx);
  }
}

/**
 * Runs `fn` in one write transaction, READ COMMITTED; correctness comes from the member's row lock and the
 * conditional balance updates, not from the isolation level.
 *
 * The one place a transaction that lost a race is run again: Postgres picks one of two deadlocked
 * transactions (40P01) or a serialization failure (40001) to roll back. Everything `fn` did was rolled back, so it runs again from the start, after a
 * short jittered pause; `fn` must therefore do nothing outside the database (outside calls go between
 * transactions, lib/outside-call.ts). After the last attempt the error goes on (503, app.ts).
 */
export const withTransaction = <T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  retryingConflicts(() => runOnce(database, fn));

/**
 * Runs `run` (one transaction, or one statement that is its own transaction) again when it lost a race, as
 * `withTransaction` does: `run` must do nothing outside the database.
 */
export async function retryingConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(err)) throw err;
      await pause(attempt);
    }
  }
}

async function runOnce<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks = newHooks();
  const result = await database.db.transaction().execute((tx) => runInside(tx, hooks, fn));
  for (const hook of hooks.after) hook();
  return result;
}

/**
 * Runs `fn` on one consistent view of the database that changes nothing: REPEATABLE READ, READ ONLY
 * (every statement sees the same snapshot, so a balance and its postings are read as of one moment while
 * transfers commit).
 */
export function inSnapshot<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
}
