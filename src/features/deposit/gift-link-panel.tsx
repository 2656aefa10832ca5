import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { GIFT_LINK_MINIMUM } from '../../../contract/limits';
import { errorMessage } from '../../lib/errors';
import { markPushOfferDue } from '../../lib/member/push';
import { FormError, TextField, useSaid } from '../../ui/field';
import { CheckingNote } from '../../ui/member/checking-note';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { useMoneyWords } from '../../ui/member/money-words';
import { useRedeemGiftLink } from './mutations';

/** §2 Deposit modal, wallet gift link: paste the TrueMoney gift link; the voucher's amount is credited. */
export function GiftLinkPanel({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  // baht, whatever the site's default (a gift link is offered to baht holders only)
  const { amount: money } = useMoneyWords('BAHT');
  const online = useOnline();
  const [link, setLink] = useState('');
  const [error, setError] = useSaid();
  const send = useRedeemGiftLink();
  // in the money's words of every other amount (it said '2 baht' where the rest say '2.00 baht')
  const least = money(GIFT_LINK_MINIMUM);

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = link.trim();
    if (!trimmed) return setError(() => t`Please paste your gift link.`);
    if (send.isPending) return;
    send.mutate(trimmed, {
      onSuccess: ({ amount }) => {
        void markPushOfferDue();
        const shown = money(amount);
        showToast(t`Link sent: ${shown} is in your wallet.`, 'success');
        onDone();
      },
      onError: (err) => setError(() => errorMessage(i18n, err.message)),
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={t`TrueMoney gift link`}
        inputMode="url"
        autoComplete="off"
        value={link}
        onChange={(v) => (setLink(v), setError(''))}
        hint={t`The minimum gift-link deposit is ${least}.`}
      />
      <FormError message={error} />
      <CheckingNote checking={send.checking} />
      <button type="submit" className="button primary block" disabled={!online || send.isPending}>
        {send.isPending ? t`Sending…` : t`Send link`}
      </button>
      {!online && <p className="hint">{t`You are offline: this needs the internet.`}</p>}
    </form>
  );
}
