import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { refundKeys, type RefundResult } from './queries';

/**
 * §7 GET /api/refund/receive (into the refund balance) and GET /api/refund/addWallet (the balance into
 * the wallet). Each takes a key so a retry after a lost answer moves the money once; the check and logs
 * refresh either way. The wallet refreshes when the refund modal closes after a change (§2).
 */
export function useRefundAction(action: 'receive' | 'addWallet') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api<RefundResult>(`/api/refund/${action}`, { idempotencyKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all }),
  });
}
