import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WithdrawReason } from '../../../contract/withdraw-reasons';

/** The console's short names of why a withdrawal is rejected (the member reads src/lib/statement-text/withdraw-reasons.ts). */
export const WITHDRAW_REASON_NAMES: Record<WithdrawReason, MessageDescriptor> = {
  WITHDRAW_NAME_MISMATCH: msg`The bank account's name is not the member's`,
  WITHDRAW_ACCOUNT_UNREACHABLE: msg`The bank account cannot receive the transfer`,
  WITHDRAW_TURNOVER: msg`The bonus turnover is not reached`,
  WITHDRAW_ASK_SUPPORT: msg`Another reason: the member asks support`,
};
