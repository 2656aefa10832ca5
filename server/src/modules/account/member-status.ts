import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { recordAudit, type By } from '../audit/service.js';
import { revokeMemberSessions } from '../auth/service.js';

export type MemberStatus = 'active' | 'disabled';

/**
 * Disables or enables a member: the one service behind the operator's `member disable|enable` and the
 * staff console's. Disabling ends every open session in the same transaction as the status and its audit
 * row, so no request is served on a session of a member already recorded as disabled.
 */
export async function setMemberStatus(
  ctx: Pick<AppContext, 'database' | 'now'>,
  by: By,
  memberId: number,
  status: MemberStatus,
  reason?: string,
): Promise<{ id: number; phone: string; name: string; before: MemberStatus }> {
  return withTransaction(ctx.database, async (tx) => {
    const member = await tx.selectFrom('members').select(['id', 'phone', 'name', 'status']).where('id', '=', memberId).executeTakeFirst();
    if (!member) throw new ApiError(404, 'NO_DATA');
    await tx.updateTable('members').set({ status }).where('id', '=', member.id).execute();
    if (status === 'disabled') await revokeMemberSessions(ctx, member.id, { tell: true }, tx);
    await recordAudit(tx, by.actor, {
      action: status === 'active' ? 'member.enable' : 'member.disable',
      target: `member:${member.phone}`,
      before: { status: member.status },
      after: { status },
      reason: reason ?? null,
      ip: by.ip ?? null,
      at: ctx.now(),
    });
    return { id: member.id, phone: member.phone, name: member.name, before: member.status };
  });
}

/**
 * Ends one open session of a member (`sessionId`), or every open one: the member's app must sign in again.
 * 404 NO_DATA when the session is not the member's or is already ended. Audited in the same transaction.
 */
export async function revokeMemberSession(
  ctx: Pick<AppContext, 'database' | 'now'>,
  by: By,
  memberId: number,
  sessionId: number | 'all',
  reason?: string,
): Promise<number> {
  return withTransaction(ctx.database, async (tx) => {
    const member = await tx.selectFrom('members').select(['id', 'phone']).where('id', '=', memberId).executeTakeFirst();
    if (!member) throw new ApiError(404, 'NO_DATA');
    const ended = await revokeMemberSessions(ctx, member.id, sessionId === 'all' ? {} : { only: sessionId }, tx);
    if (sessionId !== 'all' && ended === 0) throw new ApiError(404, 'NO_DATA');
    await recordAudit(tx, by.actor, {
      action: sessionId === 'all' ? 'member.sessions-revoke-all' : 'member.session-revoke',
      target: `member:${member.phone}`,
      after: sessionId === 'all' ? { ended } : { session: sessionId },
      reason: reason ?? null,
      ip: by.ip ?? null,
      at: ctx.now(),
    });
    return ended;
  });
}
