import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositRequestBody } from '../../../contract/deposit';
import type { QrProvider, QrState, TruelinkResponse } from '../../../contract/deposit';
import { api } from '../../lib/api';
import { moneyMovedKeys, statementKeys } from '../../lib/member/statement-keys';
import { putQueryData } from '../../lib/query-data';
import { useMoneySubmission } from '../../ui/member/money-submission';
import { encryptGiftLink } from './gift-link';
import { noCode, qrKeys } from './queries';

/** POST /api/qrcode/{provider}: the new code becomes the view's; the server cancelled the others, so their views ask again. */
export function useCreateQr(provider: QrProvider) {
  const queryClient = useQueryClient();
  return useMoneySubmission(
    `qrcode/${provider}`,
    async (amount: number, key: string) => {
      const created = await api<QrState>(`/api/qrcode/${provider}`, { body: { amount }, idempotencyKey: key });
      await putQueryData<QrState>(queryClient, qrKeys.one(provider), (old) => ({ maximum: old?.maximum, ...created }));
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === qrKeys.all[0] && q.queryKey[1] !== provider });
      return created;
    },
    [],
  );
}

/** DELETE /api/qrcode/{id}: the view goes back to the amount picker. */
export function useCancelQr(provider: QrProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/qrcode/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => putQueryData<QrState>(queryClient, qrKeys.one(provider), noCode),
  });
}

/** POST /api/wallet/truelink with the link encrypted (§7): the voucher's amount into the wallet. */
export const useRedeemGiftLink = () =>
  useMoneySubmission(
    'wallet/truelink',
    async (plain: string, key: string) =>
      api<TruelinkResponse>('/api/wallet/truelink', { body: { link: await encryptGiftLink(plain) }, idempotencyKey: key }),
    moneyMovedKeys,
  );

/** POST /api/wallet/add: a deposit request our staff confirm; it shows on the statement as in progress. */
export const useDepositRequest = () =>
  useMoneySubmission('wallet/add', (body: DepositRequestBody, key: string) => api('/api/wallet/add', { body, idempotencyKey: key }), [
    statementKeys.all,
  ]);
