import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Activated, Cleared } from '../../../contract/bonus';
import { api } from '../../lib/api';
import { walletKeys } from '../../lib/member/wallet-query';
import { bonusKeys, promotionPath } from './queries';

export type { Activated };
export type ClearResult = Static<typeof Cleared>;

/** Receiving or cancelling moves money: the bonus page and the wallet both change (also after a lost answer, which may have gone through). */
function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: bonusKeys.all });
  void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
}

/** §7 GET /api/bonus/activate/{code}; the key makes a retried receive count once. */
export function useActivateBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }) =>
      api<Activated>(`/api/bonus/activate/${encodeURIComponent(code)}`, { idempotencyKey: key }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/** §7 GET /api/promotion/activate/{code} (upper-cased, encoded). */
export function useActivatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }) => api<Activated>(promotionPath('activate', code), { idempotencyKey: key }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/** §7 GET /api/bonus/clear: ends the active bonus or promotion, taking back its forfeited share. */
export function useClearBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ClearResult>('/api/bonus/clear'),
    onSettled: () => refreshAfterChange(queryClient),
  });
}
