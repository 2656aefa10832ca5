import type { WithdrawalPayBody, WithdrawalRejectBody } from '../../../contract/staff-queues';
import { useQueueAction } from '../queues/queue-query';

/** Paid by a bank transfer: its reference is recorded. */
export const usePayWithdrawal = () => useQueueAction<WithdrawalPayBody>('withdrawals', 'pay');
/** Not paid: the money returns to the member's wallet, the reason recorded. */
export const useRejectWithdrawal = () => useQueueAction<WithdrawalRejectBody>('withdrawals', 'reject');

/** The contract's bank transfer reference: 3 to 64 characters. */
export const referenceValid = (text: string) => text.trim().length >= 3 && text.trim().length <= 64;
