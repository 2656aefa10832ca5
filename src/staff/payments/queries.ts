import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAttachBody, PaymentRefundedBody, UnmatchedPayment } from '../../../contract/staff-payments';
import { isApiError } from '../../lib/http';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';
import { creditWaits } from '../queues/credit-hold';

const paymentsKey = [...staffKeys.all, 'queue', 'payments'] as const;
const dashboardKey = [...staffKeys.all, 'dashboard'] as const;

/** Gateway payments that credited nobody, newest first (GET /api/staff/payments/unmatched). */
export const unmatchedPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: paymentsKey,
    queryFn: ({ signal }) => staffApi<{ rows: UnmatchedPayment[] }>('/api/staff/payments/unmatched', { signal }),
    refetchInterval: 30_000,
  });

/**
 * Attach or mark refunded (POST /api/staff/payments/{gatewayTxnId}/{action}), as the work queues' actions:
 * done, the row leaves the list and the counts are asked again; 409 (resolved meanwhile), the list is asked again.
 */
function usePaymentAction<Body>(action: 'attach' | 'refunded') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) =>
      staffApi<unknown>(`/api/staff/payments/${encodeURIComponent(id)}/${action}`, { method: 'POST', body }),
    onSuccess: (answer, { id }) => {
      // an attachment held for a second person: the payment stays unmatched, the list shows the hold
      if (creditWaits(answer)) void queryClient.invalidateQueries({ queryKey: paymentsKey });
      else
        queryClient.setQueryData<{ rows: UnmatchedPayment[] }>(
          paymentsKey,
          (old) => old && { rows: old.rows.filter((r) => r.gatewayTxnId !== id) },
        );
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: paymentsKey });
        void queryClient.invalidateQueries({ queryKey: dashboardKey });
      }
    },
  });
}

export const useAttachPayment = () => usePaymentAction<PaymentAttachBody>('attach');
export const useRefundedPayment = () => usePaymentAction<PaymentRefundedBody>('refunded');
