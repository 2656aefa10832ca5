import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { withTransaction, type Tx } from '../db/transaction.js';
import { ApiError, conflict, isUniqueViolation } from './errors.js';
import { sha256 } from './tokens.js';

export interface Outcome<T> {
  status: number;
  body: T;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** status_code of a key whose call is still running (a transfer waiting on its provider). */
const IN_FLIGHT = 0;

export interface IdempotencyKey {
  memberId: number;
  key: string;
  /** what the call asks (method, route, parameters, body), each object's fields in the order of their names: the form stored */
  fingerprint: string;
  /**
   * The same with the fields in the order they were sent, where that differs: the form the releases up to
   * 152e573 stored. A key stored so (by a server of that release during a rolling upgrade, or before it) still
   * answers a retry of its call sent as it was (KEY_INVALID makes the site forget its key, and its next tap would
   * move the money again); such keys are pruned a day after their sessions (modules/system/retention.ts).
   */
  asSent?: string;
}

/** A value as JSON, every object's fields in the order of their names: one call sent with its fields in another order is one call. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_name, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fingerprints of a call: `fingerprint` in canonical JSON, `asSent` as sent where that differs. */
export function fingerprintsOf(call: {
  method: string;
  route: string;
  params?: unknown;
  body?: unknown;
}): Pick<IdempotencyKey, 'fingerprint' | 'asSent'> {
  // the path's parameters too: one key cannot replay a KBANK code for WW, or one bonus for another
  const hash = (json: (value: unknown) => string) => {
    const params = call.params && Object.keys(call.params).length ? ` ${json(call.params)}` : '';
    return sha256(`${call.method} ${call.route}${params} ${json(call.body ?? null)}`);
  };
  const fingerprint = hash(canonicalJson);
  const asSent = hash((value) => JSON.stringify(value));
  return asSent === fingerprint ? { fingerprint } : { fingerprint, asSent };
}

/** Whether a key's stored fingerprint is this call's (in either form). */
const sameCall = (stored: string, k: IdempotencyKey) => stored === k.fingerprint || (k.asSent !== undefined && stored === k.asSent);

/** The request's key, or undefined when it sent none; a malformed key is refused. */
export function keyOf(request: FastifyRequest, memberId: number): IdempotencyKey | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new ApiError(400, 'KEY_INVALID');
  const call = { method: request.method, route: request.routeOptions.url ?? '', params: request.params, body: request.body };
  return { memberId, key: header, ...fingerprintsOf(call) };
}

/** A key whose call is still running, claimed at `since`. */
interface InFlight {
  since: number;
}
const isInFlight = (seen: unknown): seen is InFlight => typeof seen === 'object' && seen !== null && 'since' in seen;

/** The key's stored answer, or since when it is in flight, or undefined if never seen; KEY_INVALID for another body. */
async function keyState<T>(tx: Tx, k: IdempotencyKey): Promise<Outcome<T> | InFlight | undefined> {
  const seen = await tx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('member_id', '=', k.memberId)
    .where('key', '=', k.key)
    .executeTakeFirst();
  if (!seen) return undefined;
  if (!sameCall(seen.fingerprint, k)) throw new ApiError(422, 'KEY_INVALID');
  if (seen.status_code === IN_FLIGHT) return { since: Number(seen.created_at) };
  return { status: seen.status_code, body: JSON.parse(seen.response) as T };
}

/** The first answer to this key, if the call finished; 409 while it is still running; KEY_INVALID for another body. */
export async function earlierOutcome<T>(tx: Tx, k: IdempotencyKey): Promise<Outcome<T> | undefined> {
  const seen = await keyState<T>(tx, k);
  if (isInFlight(seen)) throw conflict('TRANSFER_PENDING');
  return seen;
}

/**
 * A call whose transaction rolled back with `err` while a concurrent twin of its key (a double tap, a retry
 * racing the first try) claimed that key: it answers as the twin did, or 409 while the twin's call is open.
 * Its claim met the twin's (a unique violation), or it waited for the member's lock and then refused what the
 * twin had just moved (WITHDRAW_PENDING, over the balance, a voucher already redeemed): that refusal is not the
 * key's answer. Any other error, or no twin, and `err` is thrown.
 */
export async function answerAsTwin<T>(db: Tx, k: IdempotencyKey | undefined, err: unknown): Promise<Outcome<T>> {
  const earlier = k && (isUniqueViolation(err) || err instanceof ApiError) ? await earlierOutcome<T>(db, k) : undefined;
  if (earlier) return earlier;
  throw err;
}

/** Claims the key inside the caller's transaction, with the outcome or as in flight. */
export async function claimKey(tx: Tx, k: IdempotencyKey, now: number, outcome?: Outcome<unknown>): Promise<void> {
  await tx
    .insertInto('idempotency_keys')
    .values({
      member_id: k.memberId,
      key: k.key,
      fingerprint: k.fingerprint,
      status_code: outcome?.status ?? IN_FLIGHT,
      response: JSON.stringify(outcome?.body ?? null),
      created_at: now,
    })
    .execute();
}

/** Records the final answer of a call that claimed its key in flight (the first answer stays). */
export async function finishKey(tx: Tx, k: Pick<IdempotencyKey, 'memberId' | 'key'>, outcome: Outcome<unknown>): Promise<void> {
  await tx
    .updateTable('idempotency_keys')
    .set({ status_code: outcome.status, response: JSON.stringify(outcome.body) })
    .where('member_id', '=', k.memberId)
    .where('key', '=', k.key)
    .where('status_code', '=', IN_FLIGHT)
    .execute();
}

/** A part's own key under a key over several calls: `<key>/<part>` (a client's key never holds a '/'). */
export const partKey = (k: IdempotencyKey, part: string): IdempotencyKey => ({
  memberId: k.memberId,
  key: `${k.key}/${part}`,
  fingerprint: `${k.fingerprint}/${part}`,
  ...(k.asSent !== undefined && { asSent: `${k.asSent}/${part}` }),
});

/** What a batch answers, and whether that answer is final (no part still waiting on its outside system). */
export interface BatchOutcome<T> {
  outcome: Outcome<T>;
  final: boolean;
}

/** Lets a key claimed in flight go, so a retry runs the call again. */
async function releaseKey(tx: Tx, k: IdempotencyKey): Promise<void> {
  await tx
    .deleteFrom('idempotency_keys')
    .where('member_id', '=', k.memberId)
    .where('key', '=', k.key)
    .where('status_code', '=', IN_FLIGHT)
    .execute();
}

/**
 * One key over several outside calls that each answer for themselves (transferAll: one per game, each
 * with its own intent). Each part runs under its own key (`partKey`), claimed with its intent and
 * finished with it, by the request or by the sweep. The key's own answer is composed from its parts'
 * and stored once it is final; until then the key stays in flight. A replay while the batch may still
 * be running (younger than `liveMs`) answers TRANSFER_PENDING; a later one runs the batch again: a part
 * that ran answers from its key and moves nothing, a part the sweep has finished since gives its final
 * answer, a part a crash never reached runs now. So the key ends with its intents instead of answering
 * TRANSFER_PENDING for good, and a replay of a finished key moves nothing. (A replay racing a batch that
 * runs longer than `liveMs` is still safe: the parts' keys keep each move single; it may answer
 * TRANSFER_PENDING for a part the other is moving.) If the batch throws, the key is let go for a retry.
 */
export async function idempotentAcross<T>(
  database: Database,
  k: IdempotencyKey | undefined,
  now: number,
  liveMs: number,
  run: (keyOf: (part: string) => IdempotencyKey | undefined) => Promise<BatchOutcome<T>>,
): Promise<Outcome<T>> {
  if (!k) return (await run(() => undefined)).outcome;
  const earlier = await withTransaction(database, async (tx) => {
    const seen = await keyState<T>(tx, k);
    if (!seen) await claimKey(tx, k, now);
    return seen;
  }).catch(async (err: unknown) => {
    // Postgres: a concurrent twin claimed the key first: answer as a replay of it
    const seen = isUniqueViolation(err) ? await keyState<T>(database.db, k) : undefined;
    if (seen) return seen;
    throw err;
  });
  if (earlier && !isInFlight(earlier)) return earlier;
  if (earlier && now - earlier.since < liveMs) throw conflict('TRANSFER_PENDING');
  let batch: BatchOutcome<T>;
  try {
    batch = await run((part) => partKey(k, part));
  } catch (err) {
    // every part that moved money has its own key and intent: a retry runs the batch again safely
    await withTransaction(database, (tx) => releaseKey(tx, k));
    throw err;
  }
  if (!batch.final) return batch.outcome;
  // a replay running the same batch may have stored its (equal) answer first: the first one stays
  const stored = await withTransaction(database, async (tx) => {
    await finishKey(tx, k, batch.outcome);
    return keyState<T>(tx, k);
  });
  return stored && !isInFlight(stored) ? stored : batch.outcome;
}

/**
 * Runs a money-moving call once per `Idempotency-Key`. The key is claimed in the same transaction as
 * the money moves, so a replay (a retry after a lost answer, a double tap) returns the first answer and
 * moves nothing; the same key with another body is refused with KEY_INVALID. Without a key the call
 * simply runs. A call that fails rolls back with its key, so a retry runs it again.
 */
export async function idempotent<T>(
  database: Database,
  request: FastifyRequest,
  memberId: number,
  now: number,
  run: (tx: Tx) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const k = keyOf(request, memberId);
  if (!k) return withTransaction(database, run);
  try {
    return await withTransaction(database, async (tx) => {
      const earlier = await earlierOutcome<T>(tx, k);
      if (earlier) return earlier;
      const outcome = await run(tx);
      await claimKey(tx, k, now, outcome);
      return outcome;
    });
  } catch (err) {
    return answerAsTwin<T>(database.db, k, err);
  }
}

/**
 * Forgets finished keys claimed before `before`, at most about `batch` a call (the oldest first): their
 * answers can no longer be asked for (a key lives in one form of an open app, and the session that sent it
 * has ended by then). A key still in flight is kept for the intent sweep that finishes it.
 */
export async function pruneFinishedKeys(db: Tx, before: number, batch: number): Promise<number> {
  const edge = await db
    .selectFrom('idempotency_keys')
    .select('created_at')
    .where('created_at', '<', before)
    .where('status_code', '<>', IN_FLIGHT)
    .orderBy('created_at')
    .offset(batch - 1)
    .limit(1)
    .executeTakeFirst();
  const deleted = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', edge ? '<=' : '<', edge ? Number(edge.created_at) : before)
    .where('status_code', '<>', IN_FLIGHT)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
