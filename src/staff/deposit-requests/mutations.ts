import type { DepositRequestConfirmBody, DepositRequestRejectBody } from '../../../contract/staff-queues';
import { useQueueAction } from '../queues/queue-query';

/** The money arrived: the member is credited (a reason is optional). */
export const useConfirmDepositRequest = () => useQueueAction<DepositRequestConfirmBody>('deposit-requests', 'confirm');
/** It did not: nothing is credited, and the reason is recorded. */
export const useRejectDepositRequest = () => useQueueAction<DepositRequestRejectBody>('deposit-requests', 'reject');
