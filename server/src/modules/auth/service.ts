import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { PLANNED } from '../../db/database.js';
import type { Tx } from '../../db/transaction.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { Currency } from '../../ledger/money.js';

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

export interface ActiveSession {
  sessionId: number;
  memberId: number;
  currency: Currency;
}

/** The session of a bearer token if it is known, not revoked, not idle too long nor past its end, and its member active. */
export async function findActiveSession(ctx: AppContext, token: string): Promise<ActiveSession | undefined> {
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
    .where('sessions.token_hash', '=', sha256(token))
    .modifyEnd(PLANNED)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.status !== 'active') return undefined;
  if (row.expires_at <= now || row.last_seen_at + ctx.config.sessionIdleMinutes * 60_000 <= now) return undefined;
  if (now - row.last_seen_at > TOUCH_EVERY_MS) {
    await ctx.database.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
  }
  return { sessionId: row.id, memberId: row.member_id, currency: row.currency };
}

export async function revokeSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.database.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every open session of a member, except `keep` (the one changing the password); `tx`: inside the change's transaction. */
export async function revokeMemberSessions(
  ctx: Pick<AppContext, 'database' | 'now'>,
  memberId: number,
  keep?: number,
  tx: Tx = ctx.database.db,
): Promise<void> {
  let q = tx.updateTable('sessions').set({ revoked_at: ctx.now() }).where('member_id', '=', memberId).where('revoked_at', 'is', null);
  if (keep !== undefined) q = q.where('id', '!=', keep);
  await q.execute();
}

/** The token of an `Authorization: Bearer <token>` header, if the request carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The sign-in throttling (lockout.ts), for the staff console's sign-in too. */
export { beginLoginAttempt, trustStaffDevice } from './lockout.js';
