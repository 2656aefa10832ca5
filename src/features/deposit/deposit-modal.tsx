import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { QrProvider } from '../../../contract/deposit';
import { depositOffer } from '../../../contract/deposit-rules';
import { slipsClosed } from '../../../contract/slip-hours';
import { currentLocale } from '../../lib/i18n';
import { Modal } from '../../ui/modal';
import { useMoneyWords } from '../../ui/member/money-words';
import { DepositAccounts } from './deposit-accounts';
import { GiftLinkPanel } from './gift-link-panel';
import { ManualPanel } from './manual-panel';
import { QrPanel } from './qr-panel';
import { RegisteredAccount } from './registered-account';
import { depositQuery, slipRulesQuery } from './queries';
import { SlipSection } from './slip-section';
import './deposit-errors';
import './deposit.css';

type Method = 'slip' | QrProvider | 'giftlink' | 'manual';

/** Whether slip intake is closed now, checked again each minute while the modal is open. */
function useSlipsClosed(closeTime: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return closeTime !== undefined && slipsClosed(closeTime, now);
}

/**
 * §2 Deposit modal: the member's registered account to transfer from, the accounts to transfer to (with
 * copy buttons), then one way to deposit at a time:
 * bank slip (through the outbox: chosen offline, it waits on this device and is sent by itself later),
 * a payment QR code per provider the deposit lookup offers, the wallet gift link, a manual request.
 * While slip intake is closed it says so first, before any account.
 */
export function DepositModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { amount: money, currency } = useMoneyWords();
  const deposit = useQuery(depositQuery());
  const rules = useQuery(slipRulesQuery(currency));
  const inputId = useId();
  const [method, setMethod] = useState<Method>('slip');

  // only what takes the member's currency: a kip wallet is never offered a Thai QR code (it pays baht)
  const { qrProviders, giftLink } = depositOffer(deposit.data ?? { banks: [], wallets: [] }, currency);
  const english = currentLocale() === 'en';
  const methods: { id: Method; label: string; name?: string }[] = [
    { id: 'slip', label: t`Bank slip` },
    ...qrProviders.map((b) => {
      // `name` is in the member's language; a copy saved before it existed has the Thai and English ones
      const name = b.name || (english ? b.nameEN : b.nameTH);
      return { id: b.bankCode as QrProvider, label: t`QR ${name}`, name };
    }),
    ...(giftLink ? [{ id: 'giftlink' as const, label: t`Gift link` }] : []),
    ...(deposit.data?.isManual ? [{ id: 'manual' as const, label: t`Request` }] : []),
  ];
  const min = rules.data ? money(rules.data.minDeposit) : '';
  // 00:00 closes at midnight, that is never: nothing to say
  const closeTime = rules.data && rules.data.closeTime !== '00:00' ? rules.data.closeTime : '';
  const closed = useSlipsClosed(closeTime);
  const qrMethod = method !== 'slip' && method !== 'giftlink' && method !== 'manual' ? method : undefined;
  // the accounts to transfer to, and the slips' rules, belong to a bank transfer: a member paying by QR code or
  // gift link read 'Transfer to' an account and 'upload your slip within 1 hour' above the way they chose (a
  // walk). The ways come first, so what follows a tap on one changes below it, never under the finger
  const bankTransfer = method === 'slip' || method === 'manual';

  return (
    <Modal title={t`Deposit`} onClose={onClose} closeLabel={t`Close`}>
      {methods.length > 1 && (
        <div className="methods" role="group" aria-label={t`How do you deposit?`}>
          {methods.map((m) => (
            <button key={m.id} type="button" className="button small" aria-pressed={method === m.id} onClick={() => setMethod(m.id)}>
              {m.label}
            </button>
          ))}
        </div>
      )}
      {closed && method === 'slip' && (
        <div className="closed-notice" role="alert">
          <p className="strong">{t`Slip uploads are closed now, until midnight (closing time ${closeTime}).`}</p>
          <p className="small">
            {t`A bank transfer you make now is not lost: upload its slip after midnight, within 1 hour of reopening. QR codes and gift links work as usual.`}
          </p>
        </div>
      )}
      {bankTransfer && (
        <>
          <RegisteredAccount headingId={`${inputId}-from`} />
          <DepositAccounts headingId={`${inputId}-to`} />
        </>
      )}
      {method === 'slip' && (
        <ul className="hint-list small">
          <li>{t`Deposits are credited within 1 minute after your slip is checked.`}</li>
          <li>{t`Upload your slip within 1 hour of the transfer.`}</li>
          {min && <li>{t`Minimum deposit by slip: ${min}.`}</li>}
          {closeTime && <li>{t`Slip uploads close every day at ${closeTime}.`}</li>}
        </ul>
      )}
      {qrMethod && (
        <QrPanel
          key={qrMethod}
          provider={qrMethod}
          providerName={methods.find((m) => m.id === qrMethod)?.name ?? qrMethod}
          onDone={onClose}
        />
      )}
      {method === 'giftlink' && <GiftLinkPanel onDone={onClose} />}
      {method === 'manual' && <ManualPanel minimum={rules.data?.minDeposit ?? 0} maximum={rules.data?.manualMaximum} onDone={onClose} />}
      {method === 'slip' && <SlipSection headingId={`${inputId}-slip`} closed={closed} />}
    </Modal>
  );
}
