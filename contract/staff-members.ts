import { Type, type Static } from 'typebox';
import { StatementItem, WithdrawReasonSchema } from './statement.js';
import { CreditHold, QueueBonus, STAFF_ID_PATTERN, StaffReason } from './staff-queues.js';

/**
 * The staff console's members (issue 23): search, a member's page, disable and enable, sessions ended.
 * Sessions, CSRF and the refusals of contract/staff.ts hold for every call. Reading is open to every role
 * (agents answer members' chats); changing is for finance and admin (an agent gets 403 STAFF_FORBIDDEN).
 * Amounts are in major units of the member's currency, as the member API's are. Every change writes its
 * audit row (actor, before, after, reason, address) in the change's transaction.
 */

const Currency = Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]);
const MemberStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);

/**
 * GET /api/staff/members?q=: members whose phone starts with q, whose name contains it (any case; q of 2 letters: starts with it), whose
 * bank account number is q or ends with it (4 digits at least), or whose id it is (`#12` or `12`); newest
 * first, at most 50. q is 2 to 64 characters, 2 at least once trimmed (400 KEY_INVALID otherwise); `%` and `_` in it are plain characters.
 */
export const MemberSearchQuery = Type.Object({ q: Type.String({ minLength: 2, maxLength: 64 }) });
export type MemberSearchQuery = Static<typeof MemberSearchQuery>;

export const MemberSearchRow = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  status: MemberStatus,
  currency: Currency,
  bankCode: Type.String(),
  bankAccountNo: Type.String(),
  /** The wallet's balance. */
  balance: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type MemberSearchRow = Static<typeof MemberSearchRow>;
export const MemberSearchResult = Type.Object({ rows: Type.Array(MemberSearchRow) });
export type MemberSearchResult = Static<typeof MemberSearchResult>;

/**
 * GET /api/staff/members/waiting-ends (every role): the staff "End bonus" calls the money policy holds for a
 * second finance clerk or admin, oldest first, at most 100: each member with the bonus and the hold.
 */
export const WaitingBonusEnd = Type.Object({
  member: Type.Object({ id: Type.Integer(), phone: Type.String(), name: Type.String() }),
  currency: Currency,
  /** The bonus's name in the console's language (`?lang=`), a promotion's code. */
  bonus: Type.String(),
  hold: CreditHold,
});
export type WaitingBonusEnd = Static<typeof WaitingBonusEnd>;
export const WaitingBonusEndList = Type.Object({ rows: Type.Array(WaitingBonusEnd) });
export type WaitingBonusEndList = Static<typeof WaitingBonusEndList>;

export const MemberIdParam = Type.Object({ id: Type.String({ pattern: STAFF_ID_PATTERN }) });
export const MemberSessionParam = Type.Object({
  id: Type.String({ pattern: STAFF_ID_PATTERN }),
  sessionId: Type.String({ pattern: STAFF_ID_PATTERN }),
});

/** One game account's balance (the ledger's game account of that provider). */
export const MemberGameBalance = Type.Object({ code: Type.String(), name: Type.String(), amount: Type.Number() });

export const MemberBalances = Type.Object({
  wallet: Type.Number(),
  games: Type.Array(MemberGameBalance),
  /** Spin-wheel coins: a count, not money. */
  coins: Type.Integer(),
  /** Refund money received and not yet moved to the wallet. */
  refund: Type.Number(),
});

export const MemberSlip = Type.Object({
  id: Type.Integer(),
  reference: Type.String(),
  status: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const MemberWithdrawal = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  amount: Type.Number(),
  bankCode: Type.String(),
  bankAccountNo: Type.String(),
  payoutRef: Type.Union([Type.String(), Type.Null()]),
  /** A rejected one: what its member was told of why (contract/withdraw-reasons.ts), and the person's own reason (audit trail). */
  rejectReason: Type.Union([WithdrawReasonSchema, Type.Null()]),
  staffReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

/**
 * A member's open session (not revoked, expired or idle past the limit), with the browser's User-Agent and
 * the address of its sign-in (null for sessions older than migration 0029).
 */
export const MemberSession = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
});

/** One line of the member's support conversation: who, its kind, its words (a file's name), when. */
export const MemberChatLine = Type.Object({
  id: Type.Integer(),
  sender: Type.Union([Type.Literal('customer'), Type.Literal('agent'), Type.Literal('bot')]),
  type: Type.String(),
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type MemberChatLine = Static<typeof MemberChatLine>;

/** The member's support conversation: its latest lines, oldest first, and whether its session is open. */
export const MemberChat = Type.Object({
  open: Type.Boolean(),
  /** How many of the member's messages no agent has read. */
  unread: Type.Integer(),
  lines: Type.Array(MemberChatLine),
});

const Tally = Type.Object({ count: Type.Integer(), amount: Type.Number() });
/**
 * The member's lifetime figures, in the member's money (issue 39): deposits credited (every channel),
 * withdrawals paid, bonuses granted; net is deposits less withdrawals paid; the first deposit credited and
 * the last sign-in (null: none yet).
 */
export const MemberOverview = Type.Object({
  deposits: Tally,
  withdrawals: Tally,
  bonuses: Tally,
  net: Type.Number(),
  firstDeposit: Type.Union([Type.Object({ amount: Type.Number(), at: Type.String({ format: 'date-time' }) }), Type.Null()]),
  lastSignInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type MemberOverview = Static<typeof MemberOverview>;

/** GET /api/staff/members/{id}?lang=: the statement's bonus and promotion names in this language (Thai by default). */
export { LangQuery as MemberPageQuery } from './lang.js';

/**
 * The running bonus on the member's page: what it gave (major units), and a staff "End bonus" that waits
 * for a second finance clerk or admin (`hold`: the money policy judged the amount it frees), else null.
 */
export const MemberBonus = Type.Intersect([
  QueueBonus,
  /** `id`: the running reward's, sent back with "End bonus" so that only this one is ended. */
  Type.Object({ id: Type.Integer(), amount: Type.Number(), hold: Type.Union([CreditHold, Type.Null()]) }),
]);
export type MemberBonus = Static<typeof MemberBonus>;

/** GET /api/staff/members/{id}: 404 NO_DATA for an unknown id. The lists are the latest 20, newest first. */
export const MemberPage = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  status: MemberStatus,
  currency: Currency,
  createdAt: Type.String({ format: 'date-time' }),
  bank: Type.Object({ code: Type.String(), accountNo: Type.String(), accountName: Type.String() }),
  overview: MemberOverview,
  balances: MemberBalances,
  /** The statement's lines exactly as the member's app reads them (POST /api/statement, Thai names). */
  statement: Type.Array(StatementItem),
  slips: Type.Array(MemberSlip),
  withdrawals: Type.Array(MemberWithdrawal),
  bonus: Type.Union([MemberBonus, Type.Null()]),
  sessions: Type.Array(MemberSession),
  /** Null when the member never wrote to support. */
  chat: Type.Union([MemberChat, Type.Null()]),
});
export type MemberPage = Static<typeof MemberPage>;

/**
 * POST /api/staff/members/{id}/bonus/end {reason} (finance, admin): ends the member's running bonus or
 * promotion, the operator's `bonus end` (one service). A finish_bonus entry with reason STAFF that moves no
 * money: the money stays in the wallet, free of the turnover from now on (money to take back is a debit
 * adjustment). 404 NO_DATA when none runs; 400 REASON_REQUIRED without a reason of 3 to 500 characters.
 * Freeing the bonus early is the clerk's word for its amount: the money policy judges it as their credit.
 * Past their allowance nothing ends and the answer is 202 `{ message: 'CREDIT_WAITS' }` with the page's
 * `bonus.hold`; a second finance clerk or admin's "End bonus" ends it (the asker's is 403 FOUR_EYES).
 * With `bonusId`, only that bonus: 409 BONUS_CHANGED when another runs now (the one seen ended meanwhile and the
 * member took another), so a second clerk's approval never becomes a new request of theirs on another bonus.
 * Audited as bonus.end (the bonus, its amount and turnover before); the member's open app is told.
 */
export const MemberBonusEndBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  /** The running bonus the clerk saw (MemberBonus `id`): another one running now is 409 BONUS_CHANGED, nothing ended. */
  bonusId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type MemberBonusEndBody = Static<typeof MemberBonusEndBody>;

/**
 * POST /api/staff/members/{id}/disable and .../enable: the operator's `member disable|enable` (one
 * service): disabling ends every session of the member. The reason is required (400 REASON_REQUIRED).
 * The reason is 3 to 500 characters. Audited as member.disable / member.enable (status before and after).
 */
export const MemberStatusBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) });
export type MemberStatusBody = Static<typeof MemberStatusBody>;

/**
 * POST /api/staff/members/{id}/sessions/{sessionId}/revoke and .../sessions/revoke-all: ends the session
 * (or every open one); the member's app must sign in again. 404 NO_DATA for a session not the member's.
 */
export const MemberRevokeBody = Type.Object({ reason: Type.Optional(StaffReason) });
export type MemberRevokeBody = Static<typeof MemberRevokeBody>;
