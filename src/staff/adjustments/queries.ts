import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Adjustment,
  AdjustmentApproveBody,
  AdjustmentList,
  AdjustmentRejectBody,
  AdjustmentRequestBody,
} from '../../../contract/staff-adjustments';
import { isApiError } from '../../lib/http';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

const adjustmentsKey = [...staffKeys.all, 'adjustments'] as const;

/** Waiting adjustments, the last decided ones and the thresholds (GET /api/staff/adjustments); others' requests arrive while it is open. */
export const adjustmentsQueryOptions = () =>
  queryOptions({
    queryKey: adjustmentsKey,
    queryFn: ({ signal }) => staffApi<AdjustmentList>('/api/staff/adjustments', { signal }),
    refetchInterval: 30_000,
  });

/** After any answer but a refusal of the input, the lists are asked again: the adjustment moved, or someone else decided it. */
function useAdjustmentCall<Vars>(call: (vars: Vars) => Promise<Adjustment>) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adjustmentsKey });
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    onError: (err) => {
      if (isApiError(err) && err.status === 409) refresh();
    },
  });
}

export const useRequestAdjustment = () =>
  useAdjustmentCall((body: AdjustmentRequestBody) => staffApi<Adjustment>('/api/staff/adjustments', { method: 'POST', body }));

export const useDecideAdjustment = () =>
  useAdjustmentCall(
    ({ id, action, body }: { id: number; action: 'approve' | 'reject'; body: AdjustmentApproveBody | AdjustmentRejectBody }) =>
      staffApi<Adjustment>(`/api/staff/adjustments/${id}/${action}`, { method: 'POST', body }),
  );
