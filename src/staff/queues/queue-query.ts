import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '../../lib/http';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';
import { creditWaits } from './credit-hold';

export type QueueName = 'slips' | 'withdrawals' | 'deposit-requests';

export const queueKey = (name: QueueName) => [...staffKeys.all, 'queue', name] as const;
const dashboardKey: QueryKey = [...staffKeys.all, 'dashboard'];

/** A work queue's waiting rows, oldest first (GET /api/staff/{name}); it moves while the screen is open. */
export const queueQueryOptions = <Row>(name: QueueName) =>
  queryOptions({
    queryKey: queueKey(name),
    queryFn: ({ signal }) => staffApi<{ rows: Row[] }>(`/api/staff/${name}`, { signal }),
    refetchInterval: 30_000,
  });

export interface QueueActionVars<Body> {
  id: number;
  body: Body;
}

/**
 * An action on one waiting row (POST /api/staff/{name}/{id}/{action}). Done: the row leaves the list
 * and the dashboard's counts are asked again; a credit held for a second person (202 CREDIT_WAITS) stays. Refused because the row is no longer waiting (409): the
 * list is asked again, so the screen shows what is still waiting.
 */
export function useQueueAction<Body>(name: QueueName, action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: QueueActionVars<Body>) => staffApi<unknown>(`/api/staff/${name}/${id}/${action}`, { method: 'POST', body }),
    onSuccess: (answer, { id }) => {
      // a credit held for a second person stays waiting: the list is asked again and shows the hold
      if (creditWaits(answer)) void queryClient.invalidateQueries({ queryKey: queueKey(name) });
      else
        queryClient.setQueryData<{ rows: { id: number }[] }>(queueKey(name), (old) => old && { rows: old.rows.filter((r) => r.id !== id) });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queueKey(name) });
        void queryClient.invalidateQueries({ queryKey: dashboardKey });
      }
    },
  });
}
