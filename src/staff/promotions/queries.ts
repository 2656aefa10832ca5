import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionAddBody, PromotionAdded, PromotionDecided, StaffPromotionList } from '../../../contract/staff-promotions';
import { isApiError } from '../../lib/http';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

const promotionsKey = [...staffKeys.all, 'promotions'] as const;

/** The promotion codes, their uses and the ones that wait for a second admin (GET /api/staff/promotions). */
export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: promotionsKey,
    queryFn: ({ signal }) => staffApi<StaffPromotionList>('/api/staff/promotions', { signal }),
    refetchInterval: 30_000,
  });

export type PromotionAction = 'approve' | 'reject' | 'stop';

/** A decision or a stop; after it, or after a 409 (another admin decided meanwhile), the list is asked again. */
export function usePromotionAction() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: promotionsKey });
  return useMutation({
    mutationFn: ({ code, action, reason }: { code: string; action: PromotionAction; reason?: string }) =>
      staffApi<PromotionDecided>(`/api/staff/promotions/${encodeURIComponent(code)}/${action}`, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    onSuccess: refresh,
    onError: (err) => {
      if (isApiError(err) && err.status === 409) refresh();
    },
  });
}

/** Adds a code; after the answer the list is asked again (the new code, and what the admin may still put within reach). */
export function useAddPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionAddBody) => staffApi<PromotionAdded>('/api/staff/promotions', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}
