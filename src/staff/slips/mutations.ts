import type { SlipApproveBody, SlipRejectBody } from '../../../contract/staff-queues';
import { useQueueAction } from '../queues/queue-query';

/** Credits the slip: the bank's amount when the body names none, another with a reason. */
export const useApproveSlip = () => useQueueAction<SlipApproveBody>('slips', 'approve');
/** Ends it FAILED with the §4 reason the member reads. */
export const useRejectSlip = () => useQueueAction<SlipRejectBody>('slips', 'reject');
