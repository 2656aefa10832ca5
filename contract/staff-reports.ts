import { Type, type Static } from 'typebox';

/**
 * Reports (issue 23): what moved through the ledger in a period of whole local days (the site's TIME_ZONE,
 * Asia/Bangkok unless set), per currency, read from the journal. Finance and admin only (agents get 403
 * STAFF_FORBIDDEN). Amounts are in major units of the currency (baht with satang, whole kip).
 *
 * GET /api/staff/reports?from=YYYY-MM-DD&to=YYYY-MM-DD answers a StaffReport (issue 39 added new members and first
 * deposits per day, and what each staff member did); GET /api/staff/reports.csv
 * with the same query answers the same figures as a CSV file (UTF-8 with a BOM, one row per figure). A date
 * that is not a real day, `to` before `from`, or more than REPORT_MAX_DAYS days: 400 KEY_INVALID.
 */

export const REPORT_MAX_DAYS = 92;

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const ReportQuery = Type.Object({ from: LocalDate, to: LocalDate });
export type ReportQuery = Static<typeof ReportQuery>;

/** How money came in: a slip, a QR payment, a gift link (TrueMoney), a deposit request a clerk confirmed, the operator CLI's deposit, anything else. */
export const DEPOSIT_CHANNELS = ['slip', 'qr', 'giftLink', 'manual', 'operator', 'other'] as const;
export const DepositChannel = Type.Union([
  Type.Literal('slip'),
  Type.Literal('qr'),
  Type.Literal('giftLink'),
  Type.Literal('manual'),
  Type.Literal('operator'),
  Type.Literal('other'),
]);
export type DepositChannel = Static<typeof DepositChannel>;

/** How many entries and their sum. */
export const Tally = Type.Object({ count: Type.Integer(), amount: Type.Number() });
export type Tally = Static<typeof Tally>;

export const ProviderLine = Type.Object({
  provider: Type.String(),
  /** Settled transfers from the wallet to the game, and back. */
  transfersIn: Tally,
  transfersOut: Tally,
  /** The members' winnings and losses booked from the provider's balance (`game_result` entries). */
  won: Type.Number(),
  lost: Type.Number(),
  /** The house's result: lost minus won. */
  net: Type.Number(),
});
export type ProviderLine = Static<typeof ProviderLine>;

export const CurrencyReport = Type.Object({
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  /** Settled deposits by channel, every channel listed (zero when none). */
  deposits: Type.Array(Type.Object({ channel: DepositChannel, count: Type.Integer(), amount: Type.Number() })),
  /** Staff adjustments applied: credits into wallets, and debits and reversals out of them. */
  adjustments: Type.Object({ credits: Tally, debits: Tally }),
  /** Withdrawals paid and rejected in the period, and those asked for in it that still wait. */
  withdrawals: Type.Object({ paid: Tally, rejected: Tally, pending: Tally }),
  /** Bonuses paid (bonus, promotion, invite, refund, lucky draw), bonuses that ended, and what their ending took back. */
  bonuses: Type.Object({ granted: Tally, finished: Type.Integer(), forfeited: Type.Number() }),
  providers: Type.Array(ProviderLine),
  /** Money in minus money out: deposits and credits, less paid withdrawals and debits. */
  net: Type.Number(),
});
export type CurrencyReport = Static<typeof CurrencyReport>;

/** One local day of a currency's members: who registered, and whose first settled deposit was made that day. */
export const MemberDay = Type.Object({
  date: Type.String(),
  newMembers: Type.Integer(),
  /** Deposits that were their member's first (any channel), and their sum. */
  firstDeposits: Tally,
});
export type MemberDay = Static<typeof MemberDay>;

/** New members and first deposits of the members who hold a currency: every day of the period, and the period's totals. */
export const MemberGrowth = Type.Object({
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  days: Type.Array(MemberDay),
  newMembers: Type.Integer(),
  firstDeposits: Tally,
});
export type MemberGrowth = Static<typeof MemberGrowth>;

/**
 * What one staff member did in the period, from the audit trail and the support chat: decisions counted
 * by kind, the chat messages they sent and the conversations they were in, and how long members waited for
 * the answers they gave first (a wait starts with a member's message after anything but a member's message,
 * the greeter's aside, and ends at the first agent's message after it).
 */
export const StaffActivity = Type.Object({
  username: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  slipsApproved: Type.Integer(),
  slipsRejected: Type.Integer(),
  depositRequestsConfirmed: Type.Integer(),
  depositRequestsRejected: Type.Integer(),
  withdrawalsPaid: Type.Integer(),
  withdrawalsRejected: Type.Integer(),
  paymentsAttached: Type.Integer(),
  adjustmentsRequested: Type.Integer(),
  adjustmentsApplied: Type.Integer(),
  chatMessages: Type.Integer(),
  chatConversations: Type.Integer(),
  firstAnswers: Type.Integer(),
  /** The median wait for those answers in seconds, null with none. */
  firstAnswerMedianSeconds: Type.Union([Type.Integer(), Type.Null()]),
});
export type StaffActivity = Static<typeof StaffActivity>;

/** A day's bank transfers credited into one deposit account. */
export const AccountDay = Type.Object({ date: Type.String(), count: Type.Integer(), amount: Type.Number() });
export type AccountDay = Static<typeof AccountDay>;

/**
 * Deposits credited per deposit account (issue 39): slips (the account the bank said the transfer went to), bank
 * statement lines (the statement's account) and manual requests a clerk confirmed (the account the clerk named),
 * per currency of the member credited. `accountNo` null: a slip verified before the account was recorded
 * (migration 0053), or a request confirmed without one, shown as an unknown account. `bankCode` from the
 * deposit setting when the account is still there. `days` lists only the days with a credit.
 */
export const AccountDeposits = Type.Object({
  currency: Type.Union([Type.Literal('BAHT'), Type.Literal('LAK')]),
  accountNo: Type.Union([Type.String(), Type.Null()]),
  bankCode: Type.Union([Type.String(), Type.Null()]),
  days: Type.Array(AccountDay),
  total: Tally,
});
export type AccountDeposits = Static<typeof AccountDeposits>;

export const StaffReport = Type.Object({
  from: Type.String(),
  to: Type.String(),
  timeZone: Type.String(),
  currencies: Type.Array(CurrencyReport),
  /** Per currency whose members registered or first deposited in the period (none listed when neither happened). */
  members: Type.Array(MemberGrowth),
  /** Every staff member who decided something or wrote in the chat in the period, by username. */
  staff: Type.Array(StaffActivity),
  /** Per currency and deposit account: the transfers credited into it, by day. */
  accounts: Type.Array(AccountDeposits),
});
export type StaffReport = Static<typeof StaffReport>;
