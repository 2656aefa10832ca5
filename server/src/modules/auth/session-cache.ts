import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { perDatabase } from '../../db/per-database.js';
import { afterCommit, type Tx } from '../../db/transaction.js';
import type { Currency } from '../../ledger/money.js';
import { listenChannel, schemaChannel } from '../events/service.js';

/** A session as a member's request uses it (auth/service.ts reads it). */
export interface ActiveSession {
  sessionId: number;
  memberId: number;
  currency: Currency;
}

/** What the cache keeps of a session read from the database: the session and the times its checks need. */
export interface SessionRead {
  session: ActiveSession;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * The longest a session read from the database is used without reading it again: the bound on a revocation
 * whose notice was lost (a listening connection cut without a word, which Postgres cannot tell us about).
 */
export const SESSION_CACHE_MS = 10_000;
/** Sessions kept at most (a few hundred bytes each); the oldest read goes first. */
const ENTRIES_MAX = 50_000;

const channelOf = (database: Database) => schemaChannel(database, 'session_ends');

/** The caches of this process on each database (two test instances can share one database handle). */
const cachesOf = perDatabase(() => new Set<SessionCache>());

/**
 * The sessions this instance read lately, so a member's request does not read its session again
 * (a round trip of three or four on a transfer). Safe because every end of a session is told: the change
 * that revokes sessions or disables a member NOTIFYs their member's id in its own transaction
 * (`sessionsEnded`), every instance LISTENs, and a notice forgets the member's sessions. The cache is used
 * only while this instance listens: a dropped listening connection empties it and turns it off until
 * LISTEN is back. A read that was on its way when a notice came is not kept (`epoch`), so a session read
 * just before its revocation committed is not cached after the notice. An entry is used SESSION_CACHE_MS at
 * most, and only while its own idle and absolute limits hold; otherwise the database is read.
 */
export class SessionCache {
  private readonly entries = new Map<string, SessionRead & { readAt: number }>();
  /** Grows on every forgetting: a read begun before it is not kept. */
  private epoch = 0;
  private on = false;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly now: () => number,
  ) {}

  /** True while the instance hears every end of a session (LISTEN is up): only then is anything cached. */
  get listening(): boolean {
    return this.on;
  }

  /** Starts hearing ends of sessions; resolves once listening or the first try failed. */
  async start(log: (err: Error) => void): Promise<void> {
    if (this.stopListening) return;
    const set = cachesOf(this.database);
    set.add(this);
    const { ready, stop } = listenChannel(
      this.database,
      channelOf(this.database),
      'wallet sessions',
      (payload) => this.forget(Number(payload)),
      log,
      (up) => {
        this.forgetAll();
        this.on = up;
      },
    );
    this.stopListening = stop;
    await ready;
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
    this.forgetAll();
    this.on = false;
    cachesOf(this.database).delete(this);
  }

  /** The session of a token hash, if it was read lately, is still within its limits and nothing ended it since. */
  get(tokenHash: string, idleMs: number): SessionRead | undefined {
    const entry = this.on ? this.entries.get(tokenHash) : undefined;
    if (!entry) return undefined;
    const now = this.now();
    // a clock set back counts as stale too: an entry is never kept past SESSION_CACHE_MS of its own reading
    const age = now - entry.readAt;
    if (age < 0 || age > SESSION_CACHE_MS || entry.expiresAt <= now || entry.lastSeenAt + idleMs <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /**
   * Reads a session with `read` (the database) and keeps what it found, unless a session ended while the
   * read was on its way or the cache is off.
   */
  async through(tokenHash: string, read: () => Promise<SessionRead | undefined>): Promise<SessionRead | undefined> {
    const epoch = this.epoch;
    const found = await read();
    if (found && this.on && epoch === this.epoch) {
      // read again, it moves to the end: the oldest read is the first to go when full
      this.entries.delete(tokenHash);
      if (this.entries.size >= ENTRIES_MAX) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(tokenHash, { ...found, readAt: this.now() });
    }
    return found;
  }

  /** Forgets every cached session of a member (an end of one of them was told). */
  forget(memberId: number): void {
    this.epoch++;
    for (const [key, entry] of this.entries) if (entry.session.memberId === memberId) this.entries.delete(key);
  }

  private forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }
}

/**
 * Tells every instance that sessions of `memberId` ended (a sign-out, a password changed or reset, the
 * member disabled, staff ending them): a NOTIFY in `tx`, heard at its commit by every instance
 * (this one, other servers, whichever process made the change); this process's caches forget at once after
 * the commit too, so the next request here reads the database. Call it in the transaction that ends them.
 */
export async function sessionsEnded(database: Database, memberId: number, tx: Tx): Promise<void> {
  await sql`select pg_notify(${channelOf(database)}, ${String(memberId)})`.execute(tx);
  afterCommit(tx, () => {
    for (const cache of cachesOf(database)) cache.forget(memberId);
  });
}
