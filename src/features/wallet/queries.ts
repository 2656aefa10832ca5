import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../contract/message';
import type {
  AutoLoginLink,
  Credentials,
  SlotsRefresh,
  TransferAllBody,
  TransferBody,
  WithdrawBody,
  WithdrawResponse,
} from '../../../contract/wallet';
import { api } from '../../lib/api';
import { walletKeys } from '../../lib/member/wallet-query';

/** Game passwords are secrets: never written to IndexedDB. */
export const credentialsQuery = (code: string) =>
  queryOptions({
    queryKey: walletKeys.credentials(code),
    queryFn: () => api<Credentials>(`/api/wallet/account/${code}`),
    meta: { persist: false },
    staleTime: 0,
    gcTime: 60_000,
  });

export function useWalletMutation<T>(fn: (input: T, key: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: T; key: string }) => fn(input, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.wallet }),
  });
}

export const refreshSlots = () => api<SlotsRefresh>('/api/wallet/refresh/slot');
export const activateSlot = (code: string) => api<Credentials>(`/api/wallet/activate/${code}`);
export const resetSlotPassword = (code: string) => api<Credentials>(`/api/wallet/resetpassword/${code}`);
export const transfer = (body: TransferBody, key: string) => api<Message>('/api/wallet/transfer', { body, idempotencyKey: key });
export const transferAll = (to: string, key: string) =>
  api<Message>('/api/wallet/transferAll', { body: { to } satisfies TransferAllBody, idempotencyKey: key });
export const withdraw = (amount: number, key: string) =>
  api<WithdrawResponse>('/api/wallet/withdrawAll', { body: { amount } satisfies WithdrawBody, idempotencyKey: key });
export const autoLoginLink = (provider: string, username: string, password: string) =>
  api<AutoLoginLink>(`/api/autoLogin/${provider.toLowerCase()}/${encodeURIComponent(username)}/${encodeURIComponent(password)}`);
