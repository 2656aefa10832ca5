/**
 * Why a withdrawal was rejected, as its member reads it: the clerk who rejects it chooses one (the audit trail
 * keeps the clerk's own words, which the member never sees). The site words each code in the member's language
 * (src/lib/statement-text/withdraw-reasons.ts); the statement line and "while you were away" say it. No
 * schema library here: the member's code imports this list (the APIs' schema, WithdrawReasonSchema, is in
 * contract/statement.ts, which checks it is this list).
 * A new code needs a migration too (the column's check, server/migrations/0059_withdrawal_member_reason.sql).
 */
export const WITHDRAW_REASONS = [
  'WITHDRAW_NAME_MISMATCH',
  'WITHDRAW_ACCOUNT_UNREACHABLE',
  'WITHDRAW_TURNOVER',
  'WITHDRAW_ASK_SUPPORT',
] as const;
export type WithdrawReason = (typeof WITHDRAW_REASONS)[number];

/** The one a rejection said nothing of gets (the operator's CLI without --tell, an API call without it). */
export const WITHDRAW_REASON_DEFAULT: WithdrawReason = 'WITHDRAW_ASK_SUPPORT';

export const isWithdrawReason = (code: unknown): code is WithdrawReason =>
  typeof code === 'string' && (WITHDRAW_REASONS as readonly string[]).includes(code);
