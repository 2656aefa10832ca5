import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BonusChangeBody, BonusChangeView, StaffBonusList } from '../../../contract/staff-bonuses';
import { isApiError } from '../../lib/http';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

const bonusesKey = [...staffKeys.all, 'bonuses'] as const;

/** The bonuses, the changes that wait, and what the admin may still put within reach alone (GET /api/staff/bonuses). */
export const bonusesQueryOptions = () =>
  queryOptions({
    queryKey: bonusesKey,
    queryFn: ({ signal }) => staffApi<StaffBonusList>('/api/staff/bonuses', { signal }),
    refetchInterval: 30_000,
  });

/** After any answer but a refusal of the input the list is asked again: the bonus changed, or another admin decided meanwhile. */
function useBonusCall<Vars, Answer>(call: (vars: Vars) => Promise<Answer>) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bonusesKey });
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    onError: (err) => {
      if (isApiError(err) && err.status === 409) refresh();
    },
  });
}

/** Adds a bonus, or changes the one named by `code`. */
export const useSaveBonus = () =>
  useBonusCall(({ code, body }: { code?: string; body: BonusChangeBody }) =>
    staffApi<BonusChangeView>(code ? `/api/staff/bonuses/${encodeURIComponent(code)}` : '/api/staff/bonuses', {
      method: code ? 'PUT' : 'POST',
      body,
    }),
  );

export type BonusAction = 'approve' | 'reject' | 'stop' | 'offer';

export const useBonusAction = () =>
  useBonusCall(({ code, action, reason }: { code: string; action: BonusAction; reason?: string }) =>
    staffApi<unknown>(`/api/staff/bonuses/${encodeURIComponent(code)}/${action}`, { method: 'POST', body: reason ? { reason } : {} }),
  );
