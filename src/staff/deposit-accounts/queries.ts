import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositAccountAddBody, DepositAccountList } from '../../../contract/staff-deposit-accounts';
import { isApiError } from '../../lib/http';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

const accountsKey = [...staffKeys.all, 'deposit-accounts'] as const;
/** The settings screen shows the deposit setting and its proposal too: asked again after a change here. */
const settingsKey = [...staffKeys.all, 'settings'] as const;

/** The deposit accounts and the change waiting for a second admin (GET /api/staff/deposit-accounts, finance and admins). */
export const depositAccountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsKey,
    queryFn: ({ signal }) => staffApi<DepositAccountList>('/api/staff/deposit-accounts', { signal }),
    refetchInterval: 30_000,
  });

/** After an answer, or a 409 (another admin decided meanwhile), the accounts are asked again. */
function useAccountCall<Vars, Answer>(call: (vars: Vars) => Promise<Answer>) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: accountsKey });
    void queryClient.invalidateQueries({ queryKey: settingsKey });
  };
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    onError: (err) => {
      if (isApiError(err) && err.status === 409) refresh();
    },
  });
}

/** Proposes an account (with `retire`: a rotation). */
export const useAddAccount = () =>
  useAccountCall((body: DepositAccountAddBody) => staffApi<DepositAccountList>('/api/staff/deposit-accounts', { method: 'POST', body }));

export const useRetireAccount = () =>
  useAccountCall((body: { key: string; reason: string }) =>
    staffApi<DepositAccountList>('/api/staff/deposit-accounts/retire', { method: 'POST', body }),
  );

/** A second admin's approval or rejection of the waiting change, or its proposer's withdrawal (a rejection). */
export const useDecideAccountChange = () =>
  useAccountCall(({ id, action, reason }: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
    staffApi<unknown>(`/api/staff/settings/proposals/${id}/${action}`, { method: 'POST', body: reason ? { reason } : {} }),
  );
