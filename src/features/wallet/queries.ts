import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Message } from '../../../contract/message';
import type {
  AutoLoginLink,
  Credentials,
  SlotsRefresh,
  TransferAllBody,
  TransferBody,
  WalletView,
  WithdrawBody,
  WithdrawResponse,
} from '../../../contract/wallet';
import { api } from '../../lib/api';
import { writeKey } from '../../lib/storage';

export const walletKeys = {
  wallet: ['wallet'] as const,
  credentials: (code: string) => ['wallet', 'credentials', code] as const,
};

/** The wallet with its game accounts; `last_sync` (§3) is when the server last answered it. */
export const walletQuery = () =>
  queryOptions({
    queryKey: walletKeys.wallet,
    queryFn: async () => {
      const wallet = await api<WalletView>('/api/wallet');
      await writeKey('last_sync', Date.now());
      return wallet;
    },
    staleTime: 0,
  });

/** Game passwords are secrets: never written to IndexedDB. */
export const credentialsQuery = (code: string) =>
  queryOptions({
    queryKey: walletKeys.credentials(code),
    queryFn: () => api<Credentials>(`/api/wallet/account/${code}`),
    meta: { persist: false },
    staleTime: 0,
    gcTime: 60_000,
  });

/** One submission, one key: a retry of the same submission reuses it, so money moves once. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/**
 * The key of the form's current submission, and what to do when it ends: a success or a definite
 * refusal ends it (the next submission is a new one); a lost answer (no connection, timeout) keeps the
 * key, so the member's retry is answered as the first try was.
 */
export function useSubmissionKey(): [key: string, ended: (err?: Error) => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const ended = (err?: Error) => {
    if (err?.message !== 'NETWORK_ERROR' && err?.message !== 'TIMEOUT') setKey(newIdempotencyKey());
  };
  return [key, ended];
}

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
