import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { withTransaction, type Tx } from '../db/transaction.js';
import { ApiError } from './errors.js';
import { sha256 } from './tokens.js';

export interface Outcome<T> {
  status: number;
  body: T;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

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
  const header = request.headers['idempotency-key'];
  if (header === undefined) return withTransaction(database, run);
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new ApiError(400, 'KEY_INVALID');
  const fingerprint = sha256(`${request.method} ${request.routeOptions.url} ${JSON.stringify(request.body ?? null)}`);

  const replay = async (tx: Tx): Promise<Outcome<T> | undefined> => {
    const seen = await tx
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('key', '=', header)
      .executeTakeFirst();
    if (!seen) return undefined;
    if (seen.fingerprint !== fingerprint) throw new ApiError(422, 'KEY_INVALID');
    return { status: seen.status_code, body: JSON.parse(seen.response) as T };
  };

  try {
    return await withTransaction(database, async (tx) => {
      const earlier = await replay(tx);
      if (earlier) return earlier;
      const outcome = await run(tx);
      await tx
        .insertInto('idempotency_keys')
        .values({
          member_id: memberId,
          key: header,
          fingerprint,
          status_code: outcome.status,
          response: JSON.stringify(outcome.body),
          created_at: now,
        })
        .execute();
      return outcome;
    });
  } catch (err) {
    // Postgres: a concurrent twin claimed the key first and our transaction rolled back: answer as it did
    if (/unique|duplicate/i.test(String((err as { message?: unknown })?.message ?? ''))) {
      const earlier = await replay(database.db);
      if (earlier) return earlier;
    }
    throw err;
  }
}
