import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatMoney } from '../../lib/format';
import { intlLocale } from '../../lib/i18n';
import type { WalletResponse } from './queries';

/** §2 dark profile header: name, logo, check-balance with the last update time, total balance. */
export function ProfileHeader({
  wallet,
  syncedAt,
  checking,
  onCheck,
}: {
  wallet: WalletResponse | undefined;
  syncedAt: number;
  checking: boolean;
  onCheck: () => void;
}) {
  const { t } = useLingui();
  const total = wallet ? wallet.wallet.amount : 0;
  const balance = formatMoney(total, intlLocale());
  const updated = syncedAt ? formatDateTime(syncedAt) : '';
  return (
    <section className="hero wallet-hero">
      <div className="row between">
        <div>
          <p className="muted-on-dark">
            <Trans>Welcome</Trans>
          </p>
          <h1>{wallet?.profile.name ?? '…'}</h1>
        </div>
        <img src="/icons/favicon.svg" alt="" width={48} height={48} />
      </div>
      <p className="muted-on-dark">
        <Trans>Wallet balance (baht)</Trans>
      </p>
      <p className="balance" aria-live="polite">
        {balance}
      </p>
      <div className="row between">
        <span className="muted-on-dark small">{updated && <Trans>Updated {updated}</Trans>}</span>
        <button type="button" className="button small" onClick={onCheck} disabled={checking}>
          {checking ? t`Checking…` : t`Check balance`}
        </button>
      </div>
    </section>
  );
}
