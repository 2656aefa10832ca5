import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { By } from '../audit/service.js';
import { ApiError, forbidden } from '../../lib/errors.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { STAFF_BACKGROUND_HEADER, STAFF_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS, type StaffRole } from '../../../../contract/staff.js';

/**
 * Staff sessions (issue 23): the cookie carries a random token, the database only its hash. A session
 * ends after STAFF_IDLE_MINUTES without use (by ctx.now(); the console's own timed refreshes, marked
 * STAFF_BACKGROUND_HEADER, are no use: an open console left alone still ends), STAFF_SESSION_MAX_HOURS
 * after the sign-in whatever the use, at sign-out, and when the staff member is disabled or reset. Every call that is not a GET sends the session's CSRF token in `x-csrf-token`: a
 * page elsewhere can make the browser send the cookie (SameSite=Strict aside) but cannot read the token.
 */
export const SESSION_COOKIE = 'staff_session';
export const CHALLENGE_COOKIE = 'staff_challenge';
/** The trusted device (auth/lockout.ts): sent only to the sign-in's calls, kept for a year. */
export const DEVICE_COOKIE = 'staff_device';
export const DEVICE_PATH = '/api/staff/auth';
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;
export const STAFF_PATH = '/api/staff';
export const CSRF_HEADER = 'x-csrf-token';

export interface StaffCaller {
  staffId: number;
  username: string;
  role: StaffRole;
  sessionId: number;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff on the staff console's calls. */
    staff: StaffCaller | null;
  }
}

export const staffUnauthorized = () => new ApiError(401, 'STAFF_UNAUTHORIZED');

/** Who asks a console action, as the services record it: the signed-in staff member and their address. */
/**
 * Whether the caller reads the audit trail's reasons where a screen shows them (a rejected withdrawal's on the
 * member page and beside a chat): finance and admins; an agent reads what the member was told only.
 */
export const readsStaffReasons = (request: FastifyRequest) => request.staff!.role !== 'agent';

export const staffBy = (request: FastifyRequest): By => ({ actor: { kind: 'staff', username: request.staff!.username }, ip: request.ip });

/**
 * Staff cookies go only over HTTPS in production (NODE_ENV=production), whatever the request came over: a
 * console reached over plain HTTP there (no proxy, a proxy that does not say it was HTTPS) must not send a
 * session a network in between can read. Outside production, Secure whenever the request came over HTTPS
 * (TRUST_PROXY's forwarded protocol counts), so the console works on http://localhost.
 */
const secureFor = (request: FastifyRequest) => request.protocol === 'https' || request.server.ctx.config.production;

/** HttpOnly, SameSite=Strict, only under /api/staff; Secure as secureFor says. */
export function setStaffCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds?: number,
  path = STAFF_PATH,
): void {
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureFor(request),
    path,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  });
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { httpOnly: true, sameSite: 'strict', secure: secureFor(request), path: STAFF_PATH });
}

/** A new session for a staff member who finished every step of the sign-in; gives the cookie's token and the CSRF token. */
export async function openStaffSession(ctx: AppContext, staffId: number, ip: string) {
  const token = newToken();
  const csrfToken = newToken();
  const now = ctx.now();
  await ctx.database.db
    .insertInto('staff_sessions')
    .values({
      staff_id: staffId,
      token_hash: sha256(token),
      csrf_secret: csrfToken,
      ip,
      created_at: now,
      last_seen_at: now,
      revoked_at: null,
    })
    .execute();
  return { token, csrfToken };
}

/** A session row with its staff member, open or not: by the cookie's token hash or by its id. */
function sessionRow(ctx: AppContext, by: { tokenHash: string } | { id: number }) {
  const q = ctx.database.db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id',
      'staff_sessions.csrf_secret',
      'staff_sessions.created_at',
      'staff_sessions.last_seen_at',
      'staff_sessions.revoked_at',
      'staff.id as staff_id',
      'staff.username',
      'staff.role',
      'staff.disabled_at',
      'staff.totp_enrolled_at',
    ]);
  return (
    'id' in by ? q.where('staff_sessions.id', '=', by.id) : q.where('staff_sessions.token_hash', '=', by.tokenHash)
  ).executeTakeFirst();
}

/**
 * The caller of a session row if it is open: not revoked, not idle too long, not older than the longest a
 * session lives, its staff member not disabled and enrolled in TOTP (an agent's session from before every
 * role needed it, issue 36, or one whose TOTP an admin reset, ends: the next sign-in enrols).
 */
function openCaller(row: Awaited<ReturnType<typeof sessionRow>>, now: number): StaffCaller | undefined {
  if (!row || row.revoked_at !== null || row.disabled_at !== null || row.totp_enrolled_at === null) return undefined;
  if (Number(row.last_seen_at) + STAFF_IDLE_MINUTES * 60_000 <= now) return undefined;
  if (Number(row.created_at) + STAFF_SESSION_MAX_HOURS * 3_600_000 <= now) return undefined;
  return { staffId: row.staff_id, username: row.username, role: row.role, sessionId: row.id, csrfToken: row.csrf_secret };
}

/**
 * The caller of a cookie's session, if it is open. A call a person made (`background` false) renews it.
 */
async function sessionOf(ctx: AppContext, token: string | undefined, background: boolean): Promise<StaffCaller | undefined> {
  if (!token || token.length > 200) return undefined;
  const now = ctx.now();
  const caller = openCaller(await sessionRow(ctx, { tokenHash: sha256(token) }), now);
  if (caller && !background)
    await ctx.database.db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', caller.sessionId).execute();
  return caller;
}

/** The caller of a session by its id (the console's socket, joined with a ticket naming it), if it is open; never renews it. */
export async function openStaffSessionById(ctx: AppContext, sessionId: number): Promise<StaffCaller | undefined> {
  return openCaller(await sessionRow(ctx, { id: sessionId }), ctx.now());
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The onRequest hook of every staff call (before the body is read, so a caller without a session learns
 * nothing): 401 STAFF_UNAUTHORIZED without an open session (a member's bearer token is no session here),
 * 403 CSRF_INVALID when a changing call lacks the session's token, 403 STAFF_FORBIDDEN when the role may not.
 */
export function requireStaff(app: FastifyInstance, ...roles: StaffRole[]) {
  if (!roles.length) throw new Error('requireStaff needs the roles that may call');
  return async (request: FastifyRequest) => {
    const caller = await sessionOf(app.ctx, request.cookies[SESSION_COOKIE], request.headers[STAFF_BACKGROUND_HEADER] === '1');
    if (!caller) throw staffUnauthorized();
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameText(sent, caller.csrfToken)) throw forbidden('CSRF_INVALID');
    }
    if (!roles.includes(caller.role)) throw forbidden('STAFF_FORBIDDEN');
    request.staff = caller;
  };
}
