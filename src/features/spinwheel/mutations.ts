import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { walletKeys } from '../../lib/member/wallet-query';
import { spinKeys, type ClaimResult, type Spun } from './queries';

/**
 * §7 POST /api/spinwheel/spin: one coin for one draw on the server. The key makes a retried spin (an
 * answer lost on the way) answer as the first did. Nothing is refreshed here: the prize shows when the
 * wheel stops, and the modal reloads the wheel and coupons then.
 */
export function useSpin() {
  return useMutation({
    mutationFn: ({ key }: { key: string }) =>
      api<Spun>(`/api/spinwheel/spin?lang=${currentLocale()}`, { method: 'POST', idempotencyKey: key }),
  });
}

/** §7 POST /api/spinwheel/coupon/claim: the prize goes to the wallet; coupons and wallet change (also after a lost answer). */
export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coupon, key }: { coupon: number; key: string }) =>
      api<ClaimResult>('/api/spinwheel/coupon/claim', { body: { coupon }, idempotencyKey: key }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: spinKeys.coupons });
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
    },
  });
}
