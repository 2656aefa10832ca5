import type { WaitingDepositRequest } from '../../../contract/staff-queues';
import { queueQueryOptions } from '../queues/queue-query';

/** Manual deposit requests waiting (PENDING), oldest first. */
export const depositRequestsQueryOptions = () => queueQueryOptions<WaitingDepositRequest>('deposit-requests');
