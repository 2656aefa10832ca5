import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { PLANNED } from '../../db/database.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { unauthorized, type ApiError } from '../../lib/errors.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { sessionsEnded, type ActiveSession, type SessionRead } from './session-cache.js';

const TOUCH_EVERY_MS = 60_000;

/** Where a sign-in came from, kept with its session for the staff's member page. */
export interface SignInDevice {
  userAgent?: string;
  ip?: string;
}

/** The most of a User-Agent kept: enough for the browser and the phone, never a whole header an attacker pads. */
const USER_AGENT_MAX = 300;

export async function createSession(ctx: AppContext, memberId: number, device: SignInDevice = {}): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await ctx.database.db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      member_id: memberId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + ctx.config.sessionAbsoluteHours * 3_600_000,
      revoked_at: null,
      user_agent: device.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: device.ip?.slice(0, 64) || null,
    })
    .execute();
  return token;
}

export type { ActiveSession };

/**
 * The session of a bearer token if it is known, not revoked, not idle too long nor past its end, and its
 * member active. On Postgres a session read in the last seconds comes from this instance's cache, which
 * every end of a session empties (session-cache.ts); its last-seen time is written once a minute at most.
 */
export async function findActiveSession(ctx: AppContext, token: string): Promise<ActiveSession | undefined> {
  const tokenHash = sha256(token);
  const idleMs = ctx.config.sessionIdleMinutes * 60_000;
  const cached = ctx.sessions.get(tokenHash, idleMs);
  const now = ctx.now();
  const found =
    cached && now - cached.lastSeenAt <= TOUCH_EVERY_MS
      ? cached
      : await ctx.sessions.through(tokenHash, () => readSession(ctx, tokenHash, idleMs));
  return found?.session;
}

/**
 * The refusal of a token that names no active session: 401 'invalid-token' (§4: the app goes to /login), with
 * detail INACTIVE_USER when the token was a session of a member staff have since disabled, so the app can say
 * why. Read only for a refused token (never on a served request); no more than the token's holder knew.
 */
export async function sessionRefusal(ctx: Pick<AppContext, 'database'>, token: string): Promise<ApiError> {
  const row =
    token.length > 0 && token.length <= 200
      ? await ctx.database.db
          .selectFrom('sessions')
          .innerJoin('members', 'members.id', 'sessions.member_id')
          .select('members.status')
          .where('sessions.token_hash', '=', sha256(token))
          .executeTakeFirst()
      : undefined;
  return unauthorized('invalid-token', row?.status === 'disabled' ? 'INACTIVE_USER' : undefined);
}

/** The database's answer for a token hash, the last-seen time written if it is over a minute old. */
async function readSession(ctx: AppContext, tokenHash: string, idleMs: number): Promise<SessionRead | undefined> {
  const now = ctx.now();
  const row = await ctx.database.db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select([
      'sessions.id',
      'sessions.member_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'members.status',
      'members.currency',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .modifyEnd(PLANNED)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.status !== 'active') return undefined;
  if (row.expires_at <= now || row.last_seen_at + idleMs <= now) return undefined;
  let lastSeenAt = row.last_seen_at;
  if (now - lastSeenAt > TOUCH_EVERY_MS) {
    await ctx.database.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    lastSeenAt = now;
  }
  return { session: { sessionId: row.id, memberId: row.member_id, currency: row.currency }, lastSeenAt, expiresAt: row.expires_at };
}

/**
 * Revokes the open sessions of a member: every one, every one but `keep` (the one changing the password),
 * or `only` that one, and tells every instance's cache in the same transaction (`tx`: the change's, else one
 * of its own). `tell`: tell even when none was open here (a member disabled: a session signed in while the
 * change ran, unseen by it, may be cached elsewhere with the member still active). Answers how many ended.
 */
export async function revokeMemberSessions(
  ctx: Pick<AppContext, 'database' | 'now'>,
  memberId: number,
  which: { keep?: number; only?: number; tell?: boolean } = {},
  tx: Tx = ctx.database.db,
): Promise<number> {
  if (tx === ctx.database.db) return withTransaction(ctx.database, (own) => revokeMemberSessions(ctx, memberId, which, own));
  let q = tx.updateTable('sessions').set({ revoked_at: ctx.now() }).where('member_id', '=', memberId).where('revoked_at', 'is', null);
  if (which.keep !== undefined) q = q.where('id', '!=', which.keep);
  if (which.only !== undefined) q = q.where('id', '=', which.only);
  const ended = Number((await q.executeTakeFirst()).numUpdatedRows);
  if (ended || which.tell) await sessionsEnded(ctx.database, memberId, tx);
  return ended;
}

/** The token of an `Authorization: Bearer <token>` header, if the request carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The sign-in throttling (lockout.ts), for the staff console's sign-in too. */
export { beginLoginAttempt, trustStaffDevice } from './lockout.js';
