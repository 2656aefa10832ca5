import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { moneyMovedKeys } from '../../lib/member/statement-keys';
import { useMoneySubmission } from '../../ui/member/money-submission';
import { spinKeys, type ClaimResult, type Spun } from './queries';

/**
 * §7 POST /api/spinwheel/spin: one coin for one draw on the server. The key makes a retried spin (an
 * answer lost on the way) answer as the first did. Nothing is refreshed when it answers: the prize shows
 * when the wheel stops, and `useSpinRefresh` asks again then.
 */
export const useSpin = () =>
  useMoneySubmission(
    'spinwheel/spin',
    (_: void, key: string) => api<Spun>(`/api/spinwheel/spin?lang=${currentLocale()}`, { method: 'POST', idempotencyKey: key }),
    [],
  );

/** What the spin modal asks again: after the wheel stops (coupons, wallet, statement), and all of it once the wheel has closed. */
export function useSpinRefresh() {
  const queryClient = useQueryClient();
  return {
    stopped: () => {
      for (const queryKey of [spinKeys.coupons, ...moneyMovedKeys]) void queryClient.invalidateQueries({ queryKey });
    },
    closed: () => void queryClient.invalidateQueries({ queryKey: spinKeys.all }),
  };
}

/** §7 POST /api/spinwheel/coupon/claim: the prize goes to the wallet; coupons, wallet and statement change (also after a lost answer). */
export const useClaimCoupon = () =>
  useMoneySubmission(
    'spinwheel/claim',
    (coupon: number, key: string) => api<ClaimResult>('/api/spinwheel/coupon/claim', { body: { coupon }, idempotencyKey: key }),
    [...moneyMovedKeys, spinKeys.coupons],
  );
