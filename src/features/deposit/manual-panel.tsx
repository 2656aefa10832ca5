import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { markPushOfferDue } from '../../lib/member/push';
import { TRANSFER_TIME_CLOCK_SKEW_MS, TRANSFER_TIME_MAX_AGE_MS, transferTimeFits } from '../../../contract/deposit-rules';
import { FormError, TextField, useSaid } from '../../ui/field';
import { CheckingNote } from '../../ui/member/checking-note';
import { AmountField } from '../../ui/member/amount-field';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { useMoneyWords } from '../../ui/member/money-words';
import { useDepositRequest } from './mutations';
import { amountProblem } from '../../lib/member/money-input';

/** A time as the phone's date-and-time picker writes it: the phone's own local time, to the minute. */
export function pickerTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * §7 POST /api/wallet/add: a deposit request our staff confirm by hand (where the deposit lookup allows it),
 * between the slip lookup's minimum and its manual maximum (the server holds both: 400 DEPOSIT_MINIMUM,
 * DEPOSIT_MAXIMUM), and, if the member says it, when they made the transfer (within the last two days: 400
 * DEPOSIT_TRANSFER_TIME), so that staff find it on the statement sooner.
 */
export function ManualPanel({ minimum, maximum, onDone }: { minimum: number; maximum: number | undefined; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const { parse } = useMoneyWords();
  const online = useOnline();
  const [amount, setAmount] = useState('');
  // the phone's own time, as the picker shows it (no zone): read as the phone's local time
  const [transferred, setTransferred] = useState('');
  const [error, setError] = useSaid();
  // the picker offers only the times the rule takes: the last two days, to now (with a phone clock's few minutes),
  // as of when the member went to it
  const [now, setNow] = useState(() => Date.now());
  const send = useDepositRequest();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parse(amount);
    if (!parsed.ok) return setError(() => amountProblem(parse(amount)));
    if (parsed.value <= 0 || parsed.value < minimum) return setError(() => errorMessage(i18n, 'DEPOSIT_MINIMUM'));
    if (maximum !== undefined && parsed.value > maximum) return setError(() => errorMessage(i18n, 'DEPOSIT_MAXIMUM'));
    const at = transferred ? new Date(transferred).getTime() : undefined;
    if (at !== undefined && !transferTimeFits(at, Date.now())) return setError(() => errorMessage(i18n, 'DEPOSIT_TRANSFER_TIME'));
    if (send.isPending) return;
    send.mutate(
      { amount: parsed.value, ...(at !== undefined ? { transferredAt: new Date(at).toISOString() } : {}) },
      {
        onSuccess: () => {
          void markPushOfferDue();
          showToast(t`Request sent. Our staff will confirm your deposit; it shows as in progress in your history.`, 'success');
          onDone();
        },
        onError: (err) => setError(() => errorMessage(i18n, err.message)),
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="hint">{t`Transfer to the account above, then tell us the amount: our staff check it and credit your wallet.`}</p>
      <AmountField value={amount} onChange={(v) => (setAmount(v), setError(''))} />
      <TextField
        label={t`When you transferred (optional)`}
        type="datetime-local"
        min={pickerTime(now - TRANSFER_TIME_MAX_AGE_MS + 60_000)}
        max={pickerTime(now + TRANSFER_TIME_CLOCK_SKEW_MS)}
        value={transferred}
        onFocus={() => setNow(Date.now())}
        onChange={(v) => (setTransferred(v), setError(''))}
        hint={t`The time on your bank's receipt helps our staff find your transfer sooner.`}
      />
      <FormError message={error} />
      <CheckingNote checking={send.checking} />
      <button type="submit" className="button primary block" disabled={!online || send.isPending}>
        {send.isPending ? t`Sending…` : t`Send request`}
      </button>
      {!online && <p className="hint">{t`You are offline: this needs the internet.`}</p>}
    </form>
  );
}
