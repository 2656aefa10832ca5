import type { ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatSyncTime } from '../../lib/sync-time';
import { useMoneyWords } from '../../ui/member/money-words';
import type { WalletView } from '../../../contract/wallet';

/** The wallet plus every game account: what the member holds with us, all told (§2 total balance). */
export function totalBalance(wallet: WalletView): { total: number; games: number } {
  const games = wallet.slots.reduce((sum, s) => (s.isActive ? sum + s.amount : sum), 0);
  // sums of 2-decimal amounts in floating point: round back to satang before showing
  return { total: Math.round((wallet.wallet.amount + games) * 100) / 100, games: Math.round(games * 100) / 100 };
}

/**
 * §2 dark profile header: name, logo, check-balance with the last update time, total balance. A balance
 * the app does not know is never shown: without a saved wallet the header says so. Below, the invite
 * bonus earned and its receive button.
 */
export function ProfileHeader({
  wallet,
  syncedAt,
  checking,
  online,
  onCheck,
  InviteLine,
}: {
  wallet: WalletView | undefined;
  syncedAt: number;
  checking: boolean;
  online: boolean;
  onCheck: () => void;
  /** the invite feature's line, given by the home's route */
  InviteLine: ComponentType<{ wallet: WalletView; online: boolean }>;
}) {
  const { t } = useLingui();
  const { unit, money } = useMoneyWords();
  const updated = syncedAt ? formatSyncTime(syncedAt) : '';
  const sums = wallet && totalBalance(wallet);
  const inWallet = wallet ? money(wallet.wallet.amount) : '';
  const inGames = sums ? money(sums.games) : '';
  return (
    <section className="hero wallet-hero">
      <div className="row between">
        <div>
          <p className="muted-on-dark">
            <Trans>Welcome</Trans>
          </p>
          <h1>{wallet?.profile.name}</h1>
        </div>
        <img src="/icons/favicon.svg" alt="" width={48} height={48} />
      </div>
      <p className="muted-on-dark">{t`Total balance (${unit})`}</p>
      {sums ? (
        <>
          <p className="balance" aria-live="polite">
            {money(sums.total)}
          </p>
          <p className="muted-on-dark small balance-split">
            <Trans>
              Wallet {inWallet} · Games {inGames}
            </Trans>
          </p>
        </>
      ) : (
        <p className="balance-unknown">{t`No balance saved on this device yet.`}</p>
      )}
      <div className="row between">
        <span className="muted-on-dark small" role="status">
          {updated && (online ? <Trans>Updated {updated}</Trans> : <Trans>Offline · last updated {updated}</Trans>)}
        </span>
        <button type="button" className="button small" onClick={onCheck} disabled={checking || !online}>
          {!online ? t`No connection` : checking ? t`Checking…` : t`Check balance`}
        </button>
      </div>
      {wallet?.invite && <InviteLine wallet={wallet} online={online} />}
    </section>
  );
}
