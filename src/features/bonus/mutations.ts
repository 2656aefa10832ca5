import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Activated, Cleared } from '../../../contract/bonus';
import { api } from '../../lib/api';
import { moneyMovedKeys } from '../../lib/member/statement-keys';
import { useMoneySubmission } from '../../ui/member/money-submission';
import { bonusKeys, promotionPath } from './queries';

export type { Activated };
export type ClearResult = Static<typeof Cleared>;

/** Receiving or cancelling moves money: the bonus page, the wallet and the statement change (also after a lost answer). */
const changed = [...moneyMovedKeys, bonusKeys.all];

/** §7 GET /api/bonus/activate/{code}; the key makes a retried receive count once. */
export const useActivateBonus = () =>
  useMoneySubmission(
    'bonus/activate',
    (code: string, key: string) => api<Activated>(`/api/bonus/activate/${encodeURIComponent(code)}`, { idempotencyKey: key }),
    changed,
  );

/** §7 GET /api/promotion/activate/{code} (upper-cased, encoded). */
export const useActivatePromotion = () =>
  useMoneySubmission(
    'promotion/activate',
    (code: string, key: string) => api<Activated>(promotionPath('activate', code), { idempotencyKey: key }),
    changed,
  );

/** §7 GET /api/bonus/clear: ends the active bonus or promotion, taking back its forfeited share. */
export function useClearBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ClearResult>('/api/bonus/clear'),
    onSettled: () => {
      for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
