import { Type, type Static } from 'typebox';

/**
 * Reports (issue 23): what moved through the ledger in a period of whole local days (the site's TIME_ZONE,
 * Asia/Bangkok unless set), per currency, read from the journal. Finance and admin only (agents get 403
 * STAFF_FORBIDDEN). Amounts are in major units of the currency (baht with satang, whole kip).
 *
 * GET /api/staff/reports?from=YYYY-MM-DD&to=YYYY-MM-DD answers a StaffReport; GET /api/staff/reports.csv
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

export const StaffReport = Type.Object({
  from: Type.String(),
  to: Type.String(),
  timeZone: Type.String(),
  currencies: Type.Array(CurrencyReport),
});
export type StaffReport = Static<typeof StaffReport>;
