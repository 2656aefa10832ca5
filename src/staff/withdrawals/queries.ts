import type { WaitingWithdrawal } from '../../../contract/staff-queues';
import { queueQueryOptions } from '../queues/queue-query';

/** Withdrawals waiting to be paid (PENDING), oldest first. */
export const withdrawalsQueryOptions = () => queueQueryOptions<WaitingWithdrawal>('withdrawals');

/** Where the money goes is not the member's registered account today (they changed it since asking). */
export const toOtherAccount = (row: WaitingWithdrawal) =>
  row.bankCode !== row.member.bankCode || row.bankAccountNo !== row.member.bankAccountNo;
