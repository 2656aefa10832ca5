import { Type, type Static } from 'typebox';

/**
 * The invite and refund contract between the site and the server (§3 Invite record, Refund log, Refund
 * check; §7 Invite and refund). Money is in the member's currency; texts in the language of `?lang=`.
 */

export const PageBody = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, description: 'the site shows 10 a page (§9)' }),
});

export const InviteRecord = Type.Object({
  from: Type.Object({ name: Type.String({ description: 'the invited member whose deposit earned it' }) }),
  amount: Type.Number({ description: 'earned on that deposit' }),
  createdAt: Type.String({ format: 'date-time', description: 'when the deposit was credited' }),
});
export type InviteRecord = Static<typeof InviteRecord>;
export const InviteList = Type.Object({ invites: Type.Array(InviteRecord), total: Type.Integer() });

export const InviteReceived = Type.Object({
  message: Type.Literal('INVITE_BONUS_SUCCESS'),
  amount: Type.Number({ description: 'credited to the wallet' }),
});

export const Banners = Type.Object({ banners: Type.Array(Type.Object({ image: Type.String(), html: Type.String() })) });
export type Banners = Static<typeof Banners>;

export const InviteSummary = Type.Object({
  amount: Type.Number({ description: 'invite money earned and not received yet' }),
  success: Type.Integer({ description: 'percent of amount ready to receive: its invitees have played their deposits through' }),
  fail: Type.Integer({ description: 'percent of amount still waiting for its invitees to play' }),
});

export const RefundLog = Type.Object({
  refundAmount: Type.Number(),
  createdAt: Type.String({ format: 'date-time', description: 'when the refund was computed, after its period closed' }),
});
export type RefundLog = Static<typeof RefundLog>;
export const RefundList = Type.Object({ refunds: Type.Array(RefundLog), total: Type.Integer() });

export const RefundCheck = Type.Object({
  result: Type.Boolean({ description: 'there is a refund to receive, or a received refund to move to the wallet' }),
  bonus: Type.Boolean({ description: 'a bonus or promotion is active: receiving waits until it ends' }),
  info: Type.String({ description: 'the conditions, HTML' }),
  refundAmount: Type.Number({ description: 'waiting to be received plus the refund balance' }),
  waiting: Type.Number({ description: 'computed refunds not received yet' }),
  balance: Type.Number({ description: 'received refunds not moved to the wallet yet (addWallet)' }),
  refundSuccess: Type.Number({ description: 'percent of a net loss refunded for a period without a bonus' }),
  refundFail: Type.Number({ description: 'percent of a net loss refunded for a period in which a bonus was held' }),
});
export type RefundCheck = Static<typeof RefundCheck>;

export const RefundMoved = Type.Object({
  message: Type.Union([Type.Literal('REFUND_SUCCESS'), Type.Literal('SUCCESS')]),
  amount: Type.Number({ description: 'moved by this call' }),
});
