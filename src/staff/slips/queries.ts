import type { ReviewSlip } from '../../../contract/staff-queues';
import { queueQueryOptions } from '../queues/queue-query';

/** Slips in review, oldest first: what the bank said beside what the member registered. */
export const slipsQueryOptions = () => queueQueryOptions<ReviewSlip>('slips');
