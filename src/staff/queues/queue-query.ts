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

export interface QueueActionVars<Body, Id = number> {
  id: Id;
  body: Body;
}

/**
 * An action on one waiting row (POST `path(id)`), for every list of rows waiting for a person (the work
 * queues, unmatched payments). Done: the row leaves the list and the dashboard's counts are asked again;
 * a credit held for a second person (202 CREDIT_WAITS) stays, the list asked again to show the hold.
 * Refused because the row is no longer waiting (409): the list is asked again, so the screen shows what
 * is still waiting.
 */
export function useRowAction<Body, Id, Row>(key: QueryKey, path: (id: Id) => string, idOf: (row: Row) => Id) {
  const queryClient = useQueryClient();
  const askAgain = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: dashboardKey });
  };
  return useMutation({
    mutationFn: ({ id, body }: QueueActionVars<Body, Id>) => staffApi<unknown>(path(id), { method: 'POST', body }),
    onSuccess: (answer, { id }) => {
      if (creditWaits(answer)) return askAgain();
      queryClient.setQueryData<{ rows: Row[] }>(key, (old) => old && { rows: old.rows.filter((r) => idOf(r) !== id) });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 409) askAgain();
    },
  });
}

/** An action on a work queue's row (POST /api/staff/{name}/{id}/{action}). */
export const useQueueAction = <Body>(name: QueueName, action: string) =>
  useRowAction<Body, number, { id: number }>(
    queueKey(name),
    (id) => `/api/staff/${name}/${id}/${action}`,
    (row) => row.id,
  );
