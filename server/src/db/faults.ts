import { causes } from '../lib/errors.js';

/**
 * How database failures are told apart: a lost or refused connection (the server restarted, a
 * connection was terminated, the pool timed out) is not the request's fault and not a bug, so it
 * answers 503 SERVICE_UNAVAILABLE and the client may try again; a deadlock or serialization failure
 * means the transaction lost a race and is simply run again (withTransaction).
 */

/** Postgres SQLSTATEs of a transaction that lost a race (deadlock_detected, serialization_failure). */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/**
 * Postgres: admin_shutdown, crash_shutdown, cannot_connect_now, the connection_exception class, and
 * too_many_connections; Node's socket errors on the way to it.
 */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres says these in words only (a dropped socket, a dead client, the pool's connect timeout). */
const CONNECTION_MESSAGES = /connection terminated|is not queryable|timeout exceeded when trying to connect|connection timeout/i;

const codeOf = (err: unknown): string => String((err as { code?: unknown } | null)?.code ?? '');

/** A transaction that lost a race and may simply be run again. */
export const isTransactionConflict = (err: unknown): boolean => CONFLICT_CODES.has(codeOf(err));

/** The database could not be reached or dropped the connection (or a race outlasted its retries): answer 503, try again. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return isTransactionConflict(err) || isConnectionLost(err);
}

/** The connection itself is gone or refused (not a race lost by a transaction): a pooled client of it is of no more use. */
export function isConnectionLost(err: unknown): boolean {
  for (const e of causes(err)) {
    if (CONNECTION_CODES.has(codeOf(e))) return true;
    // the embedded server's socket is gone while it is down (a connect to a Unix socket file that is not there)
    if (codeOf(e) === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
    if (e instanceof Error && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}
