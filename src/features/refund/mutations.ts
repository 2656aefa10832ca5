import { api } from '../../lib/api';
import { moneyMovedKeys } from '../../lib/member/statement-keys';
import { useMoneySubmission } from '../../ui/member/money-submission';
import { refundKeys, type RefundResult } from './queries';

/**
 * §7 GET /api/refund/receive (into the refund balance) and GET /api/refund/addWallet (the balance into
 * the wallet). Each takes a key so a retry after a lost answer moves the money once; the check, the logs,
 * the wallet and the statement refresh either way.
 */
export const useRefundAction = (action: 'receive' | 'addWallet') =>
  useMoneySubmission(`refund/${action}`, (_: void, key: string) => api<RefundResult>(`/api/refund/${action}`, { idempotencyKey: key }), [
    ...moneyMovedKeys,
    refundKeys.all,
  ]);
