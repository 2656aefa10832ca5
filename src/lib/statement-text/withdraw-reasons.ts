import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isWithdrawReason, type WithdrawReason } from '../../../contract/withdraw-reasons';

/**
 * Why a withdrawal was rejected, as its member reads it (contract/withdraw-reasons.ts): on the statement line,
 * in "while you were away", and in the staff console beside the choice, so the clerk sees the member's words.
 */
export const WITHDRAW_REASON_TEXT: Record<WithdrawReason, MessageDescriptor> = {
  WITHDRAW_NAME_MISMATCH: msg`The name on your bank account does not match the name you registered. Please contact support.`,
  WITHDRAW_ACCOUNT_UNREACHABLE: msg`Your bank account could not receive the transfer (closed, frozen or a wrong number). Please contact support.`,
  WITHDRAW_TURNOVER: msg`You have not reached your bonus turnover yet: play it through, then withdraw again.`,
  WITHDRAW_ASK_SUPPORT: msg`Please contact support to learn why.`,
};

/** The sentence for a reason the server gave; nothing for none (rejected before reasons were told) or one unknown. */
export const withdrawReasonText = (i18n: I18n, code: string | null | undefined): string | undefined =>
  isWithdrawReason(code) ? i18n._(WITHDRAW_REASON_TEXT[code]) : undefined;
