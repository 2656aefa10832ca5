import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { formatAccountNo } from '../../../contract/account-rules';
import type { SlipUploadResponse } from '../../../contract/deposit';
import { errorMessage } from '../../lib/errors';
import { bankName, banksQuery } from '../../lib/lookups';
import type { OutboxItem } from '../../lib/outbox';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import type { QrProvider } from '../../../contract/deposit';
import { depositOffer } from '../../../contract/deposit-rules';
import { currentLocale } from '../../lib/i18n';
import { GiftLinkPanel } from './gift-link-panel';
import { ManualPanel } from './manual-panel';
import { QrPanel } from './qr-panel';
import { useMoneyWords } from '../../ui/member/money-words';
import { depositQuery, slipRulesQuery } from './queries';
import './deposit-errors';
import './deposit.css';
import { slipOutbox, type SlipPayload } from './slip-outbox';

/** Copies a text and says so (§8: 'Copied: {text}' / 'Failed to copy'). */
function useCopy() {
  const { t } = useLingui();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t`Copied: ${text}`, 'success');
    } catch {
      showToast(t`Failed to copy`, 'danger');
    }
  };
}

const useOutbox = () =>
  useSyncExternalStore(
    (l) => slipOutbox.subscribe(l),
    () => slipOutbox.list(),
  );

/** One slip in the outbox: waiting, uploading with its percent, received, or refused with the reason. */
function SlipItem({ item }: { item: OutboxItem }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const name = (item.payload as SlipPayload).name;
  const percent = slipOutbox.progressOf(item.id) ?? 0;
  const reference = (item.state === 'done' ? (item.result as SlipUploadResponse | undefined) : undefined)?.reference ?? '';
  const reason = errorMessage(i18n, item.code ?? '');
  return (
    <li className="outbox-item">
      <p className="outbox-name">{name}</p>
      {item.state === 'sending' && (
        <>
          <progress max={100} value={percent} aria-label={t`Uploading ${name}`} />
          <p className="small">{t`Uploading… ${percent}%`}</p>
        </>
      )}
      {item.state === 'waiting' && (
        <p className="small notice" role="status">
          {online
            ? t`Waiting to upload: it will be sent by itself shortly.`
            : t`Waiting for a connection: it will be sent by itself when you are back online.`}
        </p>
      )}
      {item.state === 'done' && (
        <p className="small text-success" role="status">
          {t`Received (reference ${reference}). We are checking it: see Slip status on the history page.`}
        </p>
      )}
      {item.state === 'failed' && (
        <p className="small text-danger" role="alert">
          {t`Not sent: ${reason}`}
        </p>
      )}
      <div className="row gap">
        {item.state === 'failed' && (
          <button type="button" className="button small" onClick={() => void slipOutbox.retry(item.id)}>
            {t`Try again`}
          </button>
        )}
        <button type="button" className="button small" onClick={() => void slipOutbox.remove(item.id)}>
          {item.state === 'done' || item.state === 'failed' ? t`Dismiss` : t`Cancel`}
        </button>
      </div>
    </li>
  );
}

type Method = 'slip' | QrProvider | 'giftlink' | 'manual';

/**
 * §2 Deposit modal: the accounts to transfer to (with copy buttons), then one way to deposit at a time:
 * bank slip (through the outbox: chosen offline, it waits on this device and is sent by itself later),
 * a payment QR code per provider the deposit lookup offers, the wallet gift link, a manual request.
 */
export function DepositModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { amount: money, currency } = useMoneyWords();
  const online = useOnline();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const deposit = useQuery(depositQuery());
  const rules = useQuery(slipRulesQuery(currency));
  const banks = useQuery(banksQuery());
  const items = useOutbox();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [method, setMethod] = useState<Method>('slip');
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = useMemo(() => (chosen ? URL.createObjectURL(chosen) : ''), [chosen]);
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);

  useEffect(() => {
    void slipOutbox.start();
  }, []);
  // a slip that reached the server shows up in the slip status list
  const delivered = items.filter((i) => i.state === 'done').length;
  useEffect(() => {
    if (delivered) void queryClient.invalidateQueries({ queryKey: ['slips'] });
  }, [delivered, queryClient]);

  // only what takes the member's currency: a kip wallet is never offered a Thai QR code (it pays baht)
  const { accounts, qrProviders, giftLink } = depositOffer(deposit.data ?? { banks: [], wallets: [] }, currency);
  const english = currentLocale() === 'en';
  const methods: { id: Method; label: string }[] = [
    { id: 'slip', label: t`Bank slip` },
    ...qrProviders.map((b) => {
      // `name` is in the member's language; a copy saved before it existed has the Thai and English ones
      const name = b.name || (english ? b.nameEN : b.nameTH);
      return { id: b.bankCode as QrProvider, label: t`QR ${name}` };
    }),
    ...(giftLink ? [{ id: 'giftlink' as const, label: t`Gift link` }] : []),
    ...(deposit.data?.isManual ? [{ id: 'manual' as const, label: t`Request` }] : []),
  ];
  const min = rules.data ? money(rules.data.minDeposit) : '';
  // 00:00 closes at midnight, that is never: nothing to say
  const closeTime = rules.data && rules.data.closeTime !== '00:00' ? rules.data.closeTime : '';

  function choose(e: ChangeEvent<HTMLInputElement>) {
    setChosen(e.target.files?.[0] ?? null);
    e.target.value = '';
  }
  async function send() {
    if (!chosen) return;
    await slipOutbox.add<SlipPayload>('slip', { file: chosen, name: chosen.name || 'slip.jpg' });
    setChosen(null);
  }

  return (
    <Modal title={t`Deposit`} onClose={onClose} closeLabel={t`Close`}>
      <section aria-labelledby={`${inputId}-to`}>
        <h3 id={`${inputId}-to`}>{t`Transfer to`}</h3>
        {deposit.isPending && !deposit.data && <p className="muted">{online ? t`Loading…` : t`Not saved on this device yet.`}</p>}
        {deposit.error && !deposit.data && <p className="text-danger">{errorMessage(i18n, deposit.error.message)}</p>}
        {deposit.data && accounts.length === 0 && (
          <p className="muted">{t`No deposit account is open right now. Please contact support.`}</p>
        )}
        <ul className="deposit-accounts">
          {accounts.map((a) => {
            const accountNo = a.bankAccountNo;
            return (
              <li key={`${a.bankCode}-${a.bankAccountNo}`} className="deposit-account">
                <p className="strong">{bankName(banks.data, a.bankCode, a.name || a.nameTH)}</p>
                <p>{a.bankAccountName}</p>
                <div className="row between">
                  <span className="account-no">{formatAccountNo(a.bankAccountNo)}</span>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => void copy(a.bankAccountNo)}
                    aria-label={t`Copy account number ${accountNo}`}
                  >
                    {t`Copy`}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <ul className="hint-list small">
        <li>{t`Deposits are credited within 1 minute after your slip is checked.`}</li>
        <li>{t`Upload your slip within 1 hour of the transfer.`}</li>
        {min && <li>{t`Minimum deposit: ${min}.`}</li>}
        {closeTime && <li>{t`Slip uploads close every day at ${closeTime}.`}</li>}
      </ul>

      {methods.length > 1 && (
        <div className="methods" role="group" aria-label={t`How do you deposit?`}>
          {methods.map((m) => (
            <button key={m.id} type="button" className="button small" aria-pressed={method === m.id} onClick={() => setMethod(m.id)}>
              {m.label}
            </button>
          ))}
        </div>
      )}
      {method !== 'slip' && method !== 'giftlink' && method !== 'manual' && <QrPanel key={method} provider={method} onDone={onClose} />}
      {method === 'giftlink' && <GiftLinkPanel onDone={onClose} />}
      {method === 'manual' && <ManualPanel minimum={rules.data?.minDeposit ?? 0} onDone={onClose} />}
      {method === 'slip' && (
        <section aria-labelledby={`${inputId}-slip`} className="form">
          <h3 id={`${inputId}-slip`}>{t`Upload your transfer slip`}</h3>
          <button type="button" className="button block" onClick={() => fileInput.current?.click()}>
            {chosen ? t`Choose another slip` : t`Choose or photograph your slip`}
          </button>
          <input ref={fileInput} hidden type="file" accept="image/*" aria-label={t`Slip image`} onChange={choose} />
          {preview && <img className="slip-preview" src={preview} alt={t`The slip you chose`} />}
          {chosen && (
            <button type="button" className="button primary block" onClick={() => void send()}>
              {online ? t`Send slip` : t`Send when back online`}
            </button>
          )}
          {!online && (
            <p className="hint">{t`You are offline: a slip you send now waits on this device and is uploaded by itself later.`}</p>
          )}
          {items.length > 0 && (
            <ul className="outbox" aria-label={t`Your slips on this device`}>
              {items.map((item) => (
                <SlipItem key={item.id} item={item} />
              ))}
            </ul>
          )}
        </section>
      )}
    </Modal>
  );
}
