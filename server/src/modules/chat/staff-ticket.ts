import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

/**
 * The console's socket ticket (issue 24): the staff session's cookie lives under /api/staff and never
 * reaches /socket.io, so the console asks POST /api/staff/inbox/ticket (its session and CSRF token) and
 * joins with what it gets: the session's id and a minute's expiry, signed with HMAC-SHA256 under the
 * server's own key. Any instance can check it (the key is the same on every instance); the session itself
 * is checked again at the join and every 15 s after.
 */
const TICKET_MS = 60_000;

const sign = (key: Buffer, text: string) => createHmac('sha256', key).update(`staff-socket\n${text}`).digest('base64url');

export function staffSocketTicket(ctx: Pick<AppContext, 'chatKey' | 'now'>, sessionId: number): string {
  const text = `${sessionId}.${ctx.now() + TICKET_MS}`;
  return `${text}.${sign(ctx.chatKey, text)}`;
}

/** The staff session a ticket names, when it is ours and not expired; else undefined. */
export function ticketSession(ctx: Pick<AppContext, 'chatKey' | 'now'>, ticket: unknown): number | undefined {
  if (typeof ticket !== 'string' || ticket.length > 200) return undefined;
  const match = /^([0-9]{1,12})\.([0-9]{1,16})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return undefined;
  const [, session, expires, given] = match;
  const expected = Buffer.from(sign(ctx.chatKey, `${session}.${expires}`));
  if (!timingSafeEqual(Buffer.from(given!), expected)) return undefined;
  if (Number(expires) <= ctx.now()) return undefined;
  return Number(session);
}
