import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError, unauthorized } from '../../lib/errors.js';
import { bearerToken, findActiveSession, sessionRefusal } from '../auth/service.js';
import { GUEST_ID } from '../../../../contract/chat.js';

/** Whose conversation a call or a socket is about: a signed-in member's own, or a guest's. */
export interface Customer {
  room: string;
  memberId: number | null;
  guestId: string | null;
}

const guestPattern = new RegExp(GUEST_ID);
export const memberRoom = (memberId: number) => `member:${memberId}`;
export const guestRoom = (guestId: string) => `guest:${guestId}`;

/**
 * A bearer token decides: its member's room, whatever ids the body names (a wrong token is refused, never
 * taken for a guest). Without one, the guest id; a userId alone is a member without a session.
 */
export async function customerOf(
  ctx: AppContext,
  token: string | undefined,
  ids: { userId?: string | null; guestId?: string | null },
): Promise<Customer> {
  if (token !== undefined) {
    const session = token.length <= 200 ? await findActiveSession(ctx, token) : undefined;
    if (!session) throw await sessionRefusal(ctx, token);
    return { room: memberRoom(session.memberId), memberId: session.memberId, guestId: null };
  }
  if (ids.guestId) {
    if (!guestPattern.test(ids.guestId)) throw new ApiError(400, 'KEY_INVALID');
    return { room: guestRoom(ids.guestId), memberId: null, guestId: ids.guestId };
  }
  if (ids.userId) throw unauthorized();
  throw new ApiError(400, 'KEY_MISSING');
}

export const customerOfRequest = (ctx: AppContext, request: FastifyRequest, ids: { userId?: string | null; guestId?: string | null }) =>
  customerOf(ctx, request.headers.authorization === undefined ? undefined : (bearerToken(request) ?? ''), ids);

/** 403 CHAT_DISABLED while the operator has the chat backend off (setting `chat`). */
export function requireChatOn(ctx: AppContext): void {
  if (!ctx.settings.get('chat').enabled) throw new ApiError(403, 'CHAT_DISABLED');
}
