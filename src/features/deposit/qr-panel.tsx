import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { QrProvider, QrState } from '../../../contract/deposit';
import { QR_MINIMUM } from '../../../contract/limits';
import { SESSION_EVENT } from '../../lib/auth-token';
import { formatTime } from '../../lib/dates';
import { markPushOfferDue } from '../../lib/member/push';
import { errorMessage } from '../../lib/errors';
import { putQueryData } from '../../lib/query-data';
import { FormError, useSaid } from '../../ui/field';
import { CheckingNote } from '../../ui/member/checking-note';
import { AmountField } from '../../ui/member/amount-field';
import { useMoneyWords } from '../../ui/member/money-words';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { useCancelQr, useCreateQr } from './mutations';
import { noCode, qrKeys, qrOutcomeQuery, qrPaidQuery, qrQuery } from './queries';
import { countdown, QR_PRESETS, qrAmountProblem } from './qr-rules';
import { SaveQr } from './save-qr';
import { toldHere } from '../../lib/member/notices-seen';
import { amountProblem } from '../../lib/member/money-input';

/** mm:ss left until `expireIn`, ticking each second; 0 when it has passed. */
function useSecondsLeft(expireIn: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expireIn) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [expireIn]);
  return expireIn ? Math.max(0, Math.ceil((expireIn - now) / 1_000)) : 0;
}

/**
 * The code each provider's view last showed, kept while the page lives and the member is signed in: a member
 * who pressed "I have transferred" (or closed the dialog) and paid while offline reopens it to "Paid", not to a
 * new amount. Forgotten once known to be over (ran out, cancelled, or not the member's: an error).
 */
const lastShown = new Map<QrProvider, string>();
// another sign-in on this page (a shared phone, no reload): nothing of the last member's codes is asked about
if (typeof window !== 'undefined') window.addEventListener(SESSION_EVENT, () => lastShown.clear());

/**
 * "Paid", in place of the code it was: in view and with the focus, whatever the sheet showed before (the code,
 * or the amount picker its countdown brought back while the phone was offline, each of another height).
 */
function QrPaid({ text, done, onDone }: { text: string; done: string; onDone: () => void }) {
  const note = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    note.current?.scrollIntoView?.({ block: 'nearest' });
    button.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={note} className="qr-code" role="status">
      <p className="qr-paid text-success strong">{text}</p>
      <button ref={button} type="button" className="button primary block" onClick={onDone}>
        {done}
      </button>
    </div>
  );
}

/**
 * §2 Deposit modal, QR code per provider: pick an amount, get a code to pay with the banking app, its
 * countdown, save it (to pay from the banking app on the same phone), cancel or done. The open code is laid
 * out to fit a 360x740 screen whole: its amount and countdown above it, its buttons right under it.
 */
export function QrPanel({ provider, providerName, onDone }: { provider: QrProvider; providerName: string; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const { amount: money, money: moneyText, parse } = useMoneyWords();
  const online = useOnline();
  const queryClient = useQueryClient();
  const code = useQuery(qrQuery(provider));
  const [amount, setAmount] = useState('');
  const [error, setError] = useSaid();
  const state = code.data;
  const left = useSecondsLeft(state?.hasQrcode ? state.expireIn : undefined);
  const expired = !!state?.hasQrcode && left === 0;
  // the code this view last showed: once the gateway's payment of it is heard (a live event), it turns paid
  const [shownId, setShownId] = useState(() => lastShown.get(provider) ?? '');
  if (state?.hasQrcode && state.qrcodeId && state.qrcodeId !== shownId) {
    setShownId(state.qrcodeId);
    lastShown.set(provider, state.qrcodeId);
  }
  const heard = useQuery(qrPaidQuery(shownId)).data;
  // a code shown here that is no longer open (paid, or its countdown ran out, while the phone was offline):
  // once online, the server is asked what became of it, so a payment made meanwhile still says so
  const stillOpen = !!state?.hasQrcode && state.qrcodeId === shownId && !expired;
  const outcome = useQuery({ ...qrOutcomeQuery(shownId), enabled: !!shownId && !stillOpen && !heard && online && !code.isFetching });
  const paid = heard ?? (outcome.data?.status === 'PAID' ? { amount: outcome.data.amount } : undefined);
  // found out here, not heard live (the phone was offline): its notice is told here, not again "while you were away"
  const foundPaid = !heard && outcome.data?.status === 'PAID';
  useEffect(() => {
    if (foundPaid) void toldHere((e) => e.kind === 'qr' && e.qrcodeId === shownId && e.status === 'PAID');
  }, [foundPaid, shownId]);
  // what became of it is known and not a payment (it ran out, or was cancelled): nothing more to tell of it
  useEffect(() => {
    const over = (outcome.data && outcome.data.status !== 'PAID') || outcome.error;
    if (over && lastShown.get(provider) === shownId) lastShown.delete(provider);
  }, [outcome.data, outcome.error, provider, shownId]);

  // §4: at 00:00 the code is dropped and the amount picker comes back
  useEffect(() => {
    if (expired) void putQueryData<QrState>(queryClient, qrKeys.one(provider), noCode);
  }, [expired, provider, queryClient]);

  const create = useCreateQr(provider);
  const cancel = useCancelQr(provider);
  const refused = (err: Error) => showToast(errorMessage(i18n, err.message), 'danger');

  // said before the member types, as the slip's and the gift link's least (a walk: 'Create QR code' stayed grey with
  // no why), in the words of the withdrawal's limits or of the refusal below (their placeholders' names: one
  // translation each)
  const minimum = money(QR_MINIMUM[provider]);
  const lowest = minimum;
  const highest = state?.maximum ? money(state.maximum) : '';
  const limitsText = highest ? t`Minimum ${lowest}, maximum ${highest} each time.` : t`The minimum for this QR code is ${minimum}.`;
  const parsed = amount ? parse(amount) : undefined;
  const value = parsed?.ok ? parsed.value : 0;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    if (parsed && !parsed.ok) return setError(() => amountProblem(parse(amount)));
    const problem = qrAmountProblem(provider, value, state?.maximum);
    // §5: KBANK below 1 is not sent ('skip'); the member is told its minimum as for the others, not left guessing
    if (problem === 'skip' || problem === 'minimum')
      return setError(() => {
        const minimum = money(QR_MINIMUM[provider]);
        return t`The minimum for this QR code is ${minimum}.`;
      });
    const highest = state?.maximum ?? 0;
    if (problem === 'maximum')
      return setError(() => {
        const maximum = money(highest);
        return t`The maximum for this QR code is ${maximum}.`;
      });
    create.mutate(value, { onError: refused, onSuccess: () => void markPushOfferDue() });
  }

  if (paid) {
    const credited = money(paid.amount);
    return (
      <QrPaid
        text={t`Paid: ${credited} credited to your wallet.`}
        done={t`Done`}
        onDone={() => {
          lastShown.delete(provider);
          onDone();
        }}
      />
    );
  }

  if (state?.hasQrcode && !expired) {
    const shown = money(state.amount ?? 0);
    const time = countdown(left);
    const until = formatTime(state.expireIn ?? 0);
    const svg = state.qrcode ?? '';
    return (
      <div className="qr-code">
        <div className="qr-head">
          <p className="qr-amount">{shown}</p>
          <p role="timer" aria-live="off" className="qr-countdown">
            {t`Valid for ${time}`}
          </p>
        </div>
        <img
          className="qr-image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t`QR code to pay ${shown}`}
          width={240}
          height={240}
        />
        <div className="qr-actions">
          <SaveQr svg={svg} lines={[shown, providerName, t`Pay before ${until}`]} fileName={`qr-${provider}-${state.amount ?? 0}.png`} />
          <button
            type="button"
            className="button"
            disabled={!online || cancel.isPending}
            onClick={() => state.qrcodeId && cancel.mutate(state.qrcodeId, { onError: refused })}
          >
            {t`Cancel this QR code`}
          </button>
        </div>
        <button
          type="button"
          className="button primary block"
          onClick={() => {
            showToast(t`Thank you. Your balance updates by itself once the payment arrives.`, 'success');
            onDone();
          }}
        >
          {t`I have transferred`}
        </button>
        <p className="hint small">{t`Scan it with your banking app, or save it and open it there. A QR code is valid for one deposit only.`}</p>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {code.error && <p className="text-danger">{errorMessage(i18n, code.error.message)}</p>}
      <div className="presets" role="group" aria-label={t`Quick amounts`}>
        {QR_PRESETS[provider].map((preset) => (
          <button
            key={preset}
            type="button"
            className="button small"
            aria-pressed={value === preset}
            onClick={() => (setAmount(String(preset)), setError(''))}
          >
            {moneyText(preset).replace(/\.00$/, '')}
          </button>
        ))}
      </div>
      <AmountField value={amount} onChange={(v) => (setAmount(v), setError(''))} hint={limitsText} />
      <FormError message={error} />
      <CheckingNote checking={create.checking} />
      {/* §5: disabled at 0 or below; an amount that is not one (10.555) may be pressed, to be told why */}
      <button
        type="submit"
        className="button primary block"
        disabled={!online || create.isPending || (!!parsed?.ok && value <= 0) || !amount}
      >
        {create.isPending ? t`Creating…` : t`Create QR code`}
      </button>
      {!online && <p className="hint">{t`You are offline: a QR code needs the internet.`}</p>}
    </form>
  );
}
