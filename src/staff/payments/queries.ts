import { queryOptions } from '@tanstack/react-query';
import type { PaymentAttachBody, PaymentRefundedBody, UnmatchedPayment } from '../../../contract/staff-payments';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';
import { useRowAction } from '../queues/queue-query';

const paymentsKey = [...staffKeys.all, 'queue', 'payments'] as const;

/** Gateway payments that credited nobody, newest first (GET /api/staff/payments/unmatched). */
export const unmatchedPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: paymentsKey,
    queryFn: ({ signal }) => staffApi<{ rows: UnmatchedPayment[] }>('/api/staff/payments/unmatched', { signal }),
    refetchInterval: 30_000,
  });

/** Attach or mark refunded (POST /api/staff/payments/{gatewayTxnId}/{action}), as the work queues' actions. */
const usePaymentAction = <Body>(action: 'attach' | 'refunded') =>
  useRowAction<Body, string, UnmatchedPayment>(
    paymentsKey,
    (id) => `/api/staff/payments/${encodeURIComponent(id)}/${action}`,
    (row) => row.gatewayTxnId,
  );

export const useAttachPayment = () => usePaymentAction<PaymentAttachBody>('attach');
export const useRefundedPayment = () => usePaymentAction<PaymentRefundedBody>('refunded');
