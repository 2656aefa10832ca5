import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../contract/message';
import type {
  AutoLoginLink,
  Credentials,
  Slot,
  SlotsRefresh,
  TransferAllBody,
  TransferBody,
  WalletView,
  WithdrawBody,
  WithdrawResponse,
} from '../../../contract/wallet';
import { api } from '../../lib/api';
import { useMoneySubmission } from '../../ui/member/money-submission';
import { moneyMovedKeys } from '../../lib/member/statement-keys';
import { walletKeys } from './queries';
import { slotsRefreshed } from '../../lib/member/wallet-query';

/** §7 transfer between the wallet and a game account; the key makes a retry move the money once. */
export const useTransfer = () =>
  useMoneySubmission(
    'wallet/transfer',
    (body: TransferBody, key: string) => api<Message>('/api/wallet/transfer', { body, idempotencyKey: key }),
    moneyMovedKeys,
  );

/** §7 transferAll: every game balance into `to` (the home's "all to wallet"). */
export const useTransferAll = () =>
  useMoneySubmission(
    'wallet/transferAll',
    (to: string, key: string) => api<Message>('/api/wallet/transferAll', { body: { to } satisfies TransferAllBody, idempotencyKey: key }),
    moneyMovedKeys,
  );

/** §7 withdrawAll: the amount to the registered bank account. */
export const useWithdraw = () =>
  useMoneySubmission(
    'wallet/withdrawAll',
    (amount: number, key: string) =>
      api<WithdrawResponse>('/api/wallet/withdrawAll', { body: { amount } satisfies WithdrawBody, idempotencyKey: key }),
    moneyMovedKeys,
  );

/**
 * §2 on entry and on "check balance": every game balance asked of its provider. The answer carries every
 * slot: they go into the cached wallet rather than a second call; `onSlots` hears which did not answer.
 * `fresh` (the member tapped "check balance", or is back from a game): a provider that answered a moment
 * ago is asked again, which on entry the server spares it.
 */
export function useRefreshSlots(onSlots: (slots: Slot[]) => void, onError: (err: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fresh }: { fresh: boolean }) =>
      api<SlotsRefresh>(fresh ? '/api/wallet/refresh/slot?fresh=1' : '/api/wallet/refresh/slot'),
    onSuccess: ({ slots }) => {
      onSlots(slots);
      // a wallet answer on its way (the route's prefetch, perhaps while the saved copy is being restored)
      // was read before this refresh booked the games' wins and losses: it takes these games when it lands
      slotsRefreshed(queryClient, slots);
      queryClient.setQueryData<WalletView>(walletKeys.wallet, (old) => old && { ...old, slots });
    },
    onError,
  });
}

/** Opening a game account, or a new game password: the answer is the account's credentials (§4: shown at once). */
function useCredentialsChange(code: string, path: 'activate' | 'resetpassword') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Credentials>(`/api/wallet/${path}/${code}`),
    onSuccess: (creds) => {
      queryClient.setQueryData(walletKeys.credentials(code), creds);
      if (path === 'activate') void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
    },
  });
}

export const useActivateSlot = (code: string) => useCredentialsChange(code, 'activate');
export const useResetSlotPassword = (code: string) => useCredentialsChange(code, 'resetpassword');

/** The game's web address: through /api/autoLogin for the providers that sign in that way (§7), else the slot's own link. */
export const usePlayLink = () =>
  useMutation({
    mutationFn: async ({ slot, credentials, autoLogin }: { slot: Slot; credentials: Credentials | undefined; autoLogin: boolean }) => {
      if (autoLogin && credentials) {
        const path = `/api/autoLogin/${slot.code.toLowerCase()}/${encodeURIComponent(credentials.username)}/${encodeURIComponent(credentials.password)}`;
        return (await api<AutoLoginLink>(path)).link;
      }
      if (!slot.web) throw new Error('NO_GAME');
      return slot.web;
    },
  });

/** §2 edit bank account name (KTB, TMB, BBL): the wallet shows the new name. */
export function useSaveBankName(bankCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankAccountName: string) =>
      api<Message>('/api/account/bankAccountName', { method: 'PUT', body: { bankCode, bankAccountName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.wallet }),
  });
}
