import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { isTransactionConflict } from './faults.js';
import { perDatabase } from './per-database.js';
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
 * What a transaction handle `withTransaction` gave out runs at its end: `before` inside it once `fn` has
 * returned (still able to fail it), `after` once it has committed. Kept per attempt, so a rolled-back
 * attempt (a lost race run again, or an error) commits none of them.
 */
interface Hooks {
  before: ((tx: Tx) => Promise<void>)[];
  after: (() => void)[];
  /** State of this attempt's own (`perTransaction`), gone with it whatever its end. */
  locals: Map<object, unknown>;
}
const newHooks = (): Hooks => ({ before: [], after: [], locals: new Map() });
const hooksOf = new WeakMap<Tx, Hooks>();

/**
 * Runs `fn` once the transaction `tx` (a handle `withTransaction` gave) has committed, never on a rollback;
 * with no transaction (`database.db`) at once. For what the database cannot do inside the transaction (an
 * in-process event on SQLite); `fn` must not throw.
 */
export function afterCommit(tx: Tx, fn: () => void): void {
  const hooks = hooksOf.get(tx);
  if (hooks) hooks.after.push(fn);
  else fn();
}

/**
 * Runs `fn` at the end of the transaction `tx`, after the work given to `withTransaction` and just before
 * the commit, as part of the transaction (its error rolls everything back). For a write to a row every
 * transaction shares, so its lock is held for the commit only. False when `tx` is no transaction of
 * `withTransaction`: the caller does the work now.
 */
export function beforeCommit(tx: Tx, fn: (tx: Tx) => Promise<void>): boolean {
  const hooks = hooksOf.get(tx);
  if (!hooks) return false;
  hooks.before.push(fn);
  return true;
}

/**
 * State one transaction keeps while it runs (changes it gathers for its end), made by `make` on first use
 * and gone with the transaction, committed or not. Kept with the attempt, never with the handle: the jobs of
 * one SQLite group commit share one connection, and what a refused job left must not reach the next one.
 * Answers the function that finds it; that function answers undefined on no transaction of `withTransaction`.
 */
export function perTransaction<T>(make: (tx: Tx) => T): (tx: Tx) => T | undefined {
  const key = {};
  return (tx) => {
    const hooks = hooksOf.get(tx);
    if (!hooks) return undefined;
    if (!hooks.locals.has(key)) hooks.locals.set(key, make(tx));
    return hooks.locals.get(key) as T;
  };
}

/** `fn` on the transaction `tx`, then what it left for the transaction's end. */
async function runInside<T>(tx: Tx, hooks: Hooks, fn: (tx: Tx) => Promise<T>): Promise<T> {
  hooksOf.set(tx, hooks);
  try {
    const value = await fn(tx);
    for (let i = 0; i < hooks.before.length; i++) await hooks.before[i]!(tx);
    return value;
  } finally {
    // the handle may outlive this work (SQLite's connection): the next keeps its own hooks
    hooksOf.delete(tx);
  }
}

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
  if (database.dialect === 'sqlite') return groupCommit(database, fn);
  const hooks = newHooks();
  const result = await database.db.transaction().execute((tx) => runInside(tx, hooks, fn));
  for (const hook of hooks.after) hook();
  return result;
}

/**
 * Runs `fn` on one consistent view of the database that changes nothing: Postgres' REPEATABLE READ, READ
 * ONLY (every statement sees the same snapshot, so a balance and its postings are read as of one moment
 * while transfers commit); on SQLite one read transaction on its one connection (writers wait for it).
 */
export function inSnapshot<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const transaction = database.db.transaction();
  return database.dialect === 'postgres'
    ? transaction.setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn)
    : transaction.execute(fn);
}

/** A transaction waiting for SQLite's one writer. */
interface Job {
  fn: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** The most transactions committed together. */
const GROUP_MAX = 64;
const waitingOf = perDatabase((): Job[] => []);
const writing = new WeakSet<Database>();

/**
 * SQLite has one writer, and a commit costs a sync of the file to disk. Transactions asked for while the
 * writer is busy wait together, and the next turn runs them one after another inside one BEGIN IMMEDIATE
 * and commits them once: a group commit. Each runs inside a savepoint of its own when there are several,
 * so one that fails (a refused debit, a lost race on a unique key) is rolled back alone and the others go
 * on; its caller gets its error, the others their results, only after the one commit (never an answer
 * before the data is on disk). A commit that fails fails them all, and each caller may try again.
 * Between turns the writer lets the other work of the process run, which is what fills the next group.
 */
function groupCommit<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const jobs = waitingOf(database);
    jobs.push({ fn, resolve: resolve as (value: unknown) => void, reject });
    if (!writing.has(database)) void write(database, jobs);
  });
}

async function write(database: Database, jobs: Job[]): Promise<void> {
  writing.add(database);
  try {
    while (jobs.length) {
      await runGroup(database, jobs.splice(0, GROUP_MAX));
      // the rest of the process runs: its transactions join the next group
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    writing.delete(database);
  }
}

async function runGroup(database: Database, group: Job[]): Promise<void> {
  const alone = group.length === 1;
  const done: { job: Job; ok: boolean; value: unknown; hooks: (() => void)[] }[] = [];
  try {
    await database.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        for (const job of group) {
          const hooks = newHooks();
          if (!alone) await sql`savepoint job`.execute(conn);
          try {
            const value = await runInside(conn, hooks, job.fn);
            if (!alone) await sql`release savepoint job`.execute(conn);
            done.push({ job, ok: true, value, hooks: hooks.after });
          } catch (err) {
            // alone, its failure is the whole transaction's (rolled back below); in a group, its own part only
            if (alone) throw err;
            await sql`rollback to savepoint job`.execute(conn);
            await sql`release savepoint job`.execute(conn);
            done.push({ job, ok: false, value: err, hooks: [] });
          }
        }
        await sql`commit`.execute(conn);
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw err;
      }
    });
  } catch (err) {
    // nothing committed: every caller hears it (a busy file is tried again by withTransaction)
    for (const job of group) job.reject(err);
    return;
  }
  for (const { job, ok, value, hooks } of done) {
    if (!ok) {
      job.reject(value);
      continue;
    }
    for (const hook of hooks) hook();
    job.resolve(value);
  }
}
