import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { FormError, TextField } from '../../ui/field';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { useMoneyWords } from '../../ui/member/money-words';
import { walletKeys } from '../../lib/member/wallet-query';
import { useSubmissionKey } from '../../ui/member/money-submission';
import { encryptGiftLink } from './gift-link';
import type { TruelinkResponse } from '../../../contract/deposit';

/** §2 Deposit modal, wallet gift link: paste the TrueMoney gift link; the voucher's amount is credited. */
export function GiftLinkPanel({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  const { amount: money } = useMoneyWords();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const [key, ended] = useSubmissionKey();
  const send = useMutation({
    mutationFn: async (plain: string) =>
      api<TruelinkResponse>('/api/wallet/truelink', { body: { link: await encryptGiftLink(plain) }, idempotencyKey: key }),
    onSuccess: ({ amount }) => {
      const shown = money(amount);
      showToast(t`Link sent: ${shown} is in your wallet.`, 'success');
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
      onDone();
    },
    onError: (err) => {
      setError(errorMessage(i18n, err.message));
      ended(err);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = link.trim();
    if (!trimmed) return setError(t`Please paste your gift link.`);
    if (!send.isPending) send.mutate(trimmed);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={t`TrueMoney gift link`}
        inputMode="url"
        autoComplete="off"
        value={link}
        onChange={(v) => (setLink(v), setError(''))}
        hint={t`The minimum gift-link deposit is 2 baht.`}
      />
      <FormError message={error} />
      <button type="submit" className="button primary block" disabled={!online || send.isPending}>
        {send.isPending ? t`Sending…` : t`Send link`}
      </button>
      {!online && <p className="hint">{t`You are offline: this needs the internet.`}</p>}
    </form>
  );
}
