import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { errorMessage } from '../../lib/errors';
import { DataStatus } from '../../ui/data-status';
import { LazyPart } from '../../ui/lazy-part';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { isEnglishName, requiresEnglishName } from '../../../contract/account-rules';
import { BankNameModal } from './bank-name-modal';
import { PendingMoney } from './pending-money';
import { ProfileHeader } from './profile-header';
import { useRefreshSlots, useTransferAll } from './mutations';
import { answeredJustNow, walletKeys, walletQuery } from '../../lib/member/wallet-query';
import { keepHomePicture, keepHomePictureSoon } from '../../lib/home-picture-keep';
import { getToken } from '../../lib/auth-token';
import { SlotModal } from './slot-modal';
import { TransferModal } from './transfer-modal';
import { AllToWalletIcon, BonusIcon, DepositIcon, RefreshIcon, TransferIcon, WithdrawIcon } from '../../ui/member/widget-icons';
import { WithdrawModal } from './withdraw-modal';
import type { Slot, WalletView } from '../../../contract/wallet';
import './wallet.css';

/**
 * What the home shows of other features (invite, refund, spin wheel, deposit), given by its route
 * (src/routes/user/-user-home.tsx): a feature imports no other feature.
 */
export type HomeParts = {
  /** the invite bonus line under the profile */
  InviteLine: ComponentType<{ wallet: WalletView; online: boolean }>;
  InviteWidget: ComponentType<{ wallet: WalletView | undefined }>;
  RefundWidget: ComponentType<{ onClosed: (saved: boolean) => void }>;
  /** the spin-wheel widget while the wheel is offered, else `otherwise` */
  SpinOrElse: ComponentType<{ coins: number | undefined; otherwise: ReactNode }>;
  /** loaded when the member opens it (the home renders it inside Suspense) */
  DepositModal: ComponentType<{ onClose: () => void }>;
};

type Open =
  | { kind: 'slot'; slot: Slot }
  | { kind: 'transfer'; from: string; to: string }
  | { kind: 'withdraw' }
  | { kind: 'deposit' }
  | { kind: 'bankName' }
  | null;

// not on the way to the first balance: the carousels (their slider, 6 KB) follow the balance anyway, and the terms
// (the operator's HTML and its cleaner, 12 KB) are asked a moment after the home shows
const GameCarousel = lazy(() => import('./game-carousel').then((m) => ({ default: m.GameCarousel })));
const AgreementModal = lazy(() => import('./agreement-modal').then((m) => ({ default: m.AgreementModal })));

/** The first render's game list (the carousels follow the balance; a constant, so it is not a change). */
const NO_GAMES: Slot[] = [];

/** §2 User home: the wallet, the widgets, three carousels of game accounts and their modals. */
export function WalletHome({ parts }: { parts: HomeParts }) {
  const { InviteWidget, RefundWidget, SpinOrElse, DepositModal } = parts;
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  // asked again on entry, unless this page's answer just came (asked at sign-in, or by the route on its way here)
  const wallet = useQuery({ ...walletQuery(), refetchOnMount: (query) => !answeredJustNow(query.state.dataUpdatedAt) });
  const [open, setOpen] = useState<Open>(null);
  const fail = (err: Error) => showToast(errorMessage(i18n, err.message), 'danger');

  // providers the last refresh could not ask: their balance is the last one we know, and says so
  const [unconfirmed, setUnconfirmed] = useState<string[]>([]);
  const refresh = useRefreshSlots((slots) => setUnconfirmed(slots.filter((s) => s.unconfirmed).map((s) => s.code)), fail);
  const allBack = useTransferAll();
  const allToWallet = () =>
    allBack.mutate('WALLET', {
      onSuccess: () => showToast(t`All game balances are back in the wallet.`, 'success'),
      // moving out of a game, a failure leaves the money where it was: in the game, not "back in the wallet"
      onError: (err) =>
        err.message === 'TRANSFER_FAIL'
          ? showToast(t`A game did not answer: its money is still in the game. Please try again later.`, 'danger')
          : fail(err),
    });
  // §2: on entry, bring every game balance up to date
  const { mutate: refreshOnEntry } = refresh;
  useEffect(() => {
    if (navigator.onLine) refreshOnEntry({ fresh: false });
  }, [refreshOnEntry]);

  // the home as it is now, for the next start (src/lib/home-picture.ts): once drawn with each new balance,
  // language or connection, and as the member leaves the app
  const { dataUpdatedAt } = wallet;
  // the session this home was drawn under: a sign-in from another tab makes it no longer this member's to keep
  const [drawnFor] = useState(getToken);
  useEffect(() => {
    const keep = () => keepHomePicture(document.getElementById('root'), drawnFor);
    const hidden = () => document.visibilityState === 'hidden' && keep();
    // a balance restored from the device is the picture's own already: kept again only with one from the server
    const cancel =
      dataUpdatedAt > performance.timeOrigin ? keepHomePictureSoon(document.getElementById('root'), drawnFor) : () => undefined;
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', keep);
    return () => {
      cancel();
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', keep);
    };
  }, [dataUpdatedAt, i18n.locale, online, drawnFor]);

  // the member asks: game balances first, then the whole wallet (a deposit may have arrived)
  const checkBalance = () => refresh.mutate({ fresh: true }, { onSettled: () => void wallet.refetch() });

  const closeSaved = (saved: boolean) => {
    setOpen(null);
    if (saved) void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
  };
  const data = wallet.data;
  // the game carousels (three sliders measuring their cards) render after the balance is on the screen
  const games = useDeferredValue(data?.slots, NO_GAMES);
  const slots = (games ?? []).map((s) => (unconfirmed.includes(s.code) ? { ...s, unconfirmed: true } : s));
  const slotsOf = (category: Slot['category']) => slots.filter((s) => s.category === category);
  const notAnswering = slots
    .filter((s) => s.unconfirmed)
    .map((s) => s.name)
    .join(', ');
  const offline = !online ? t`You are offline: money actions need the internet.` : '';

  return (
    <main className="page">
      <ProfileHeader
        wallet={data}
        syncedAt={wallet.dataUpdatedAt}
        checking={refresh.isPending || wallet.isFetching}
        online={online}
        onCheck={checkBalance}
        InviteLine={parts.InviteLine}
      />
      <DataStatus query={wallet} savedNote={false} />
      {data && <PendingMoney wallet={data} />}
      {notAnswering && (
        <p className="notice" role="status">
          {t`Not confirmed: ${notAnswering} did not answer. Shown is the last balance we know; check again later.`}
        </p>
      )}
      <nav className="widgets" aria-label={t`Wallet actions`}>
        {/* offline too: it shows the accounts saved on this device, and a slip chosen now waits for the connection */}
        <button type="button" className="widget" onClick={() => setOpen({ kind: 'deposit' })}>
          <DepositIcon />
          {t`Deposit`}
        </button>
        <button type="button" className="widget" disabled={!online || !data} onClick={() => setOpen({ kind: 'withdraw' })}>
          <WithdrawIcon />
          {t`Withdraw`}
        </button>
        <button
          type="button"
          className="widget"
          disabled={!online || !data}
          onClick={() => setOpen({ kind: 'transfer', from: '', to: '' })}
        >
          <TransferIcon />
          {t`Transfer`}
        </button>
        <button type="button" className="widget" disabled={!online || allBack.isPending} onClick={allToWallet}>
          <AllToWalletIcon />
          {allBack.checking ? t`Checking…` : allBack.isPending ? t`Moving…` : t`All to wallet`}
        </button>
        {/* §2 while the spin wheel is offered, its widget takes the refresh-all widget's place */}
        <SpinOrElse
          coins={data?.profile.coin}
          otherwise={
            <button type="button" className="widget" disabled={!online || refresh.isPending} onClick={checkBalance}>
              <RefreshIcon />
              {t`Refresh all`}
            </button>
          }
        />
        <Link to="/user/bonus" className="widget">
          <BonusIcon />
          {t`Bonus conditions`}
        </Link>
        <InviteWidget wallet={data} />
        <RefundWidget onClosed={closeSaved} />
      </nav>
      {data && requiresEnglishName(data.bankAccount.bankCode) && !isEnglishName(data.bankAccount.bankAccountName) && (
        <div className="notice row between">
          <span>{t`Your bank needs your account name in English before you can withdraw.`}</span>
          <button type="button" className="button small" onClick={() => setOpen({ kind: 'bankName' })}>
            {t`Edit name`}
          </button>
        </div>
      )}
      {offline && (
        <p className="hint center" role="status">
          {offline}
        </p>
      )}
      <LazyPart>
        <GameCarousel title={t`Slots`} slots={slotsOf('slot')} onOpen={(slot) => setOpen({ kind: 'slot', slot })} />
        <GameCarousel title={t`Sport and casino`} slots={slotsOf('sport')} onOpen={(slot) => setOpen({ kind: 'slot', slot })} />
        <GameCarousel title={t`Lotto`} slots={slotsOf('lotto')} onOpen={(slot) => setOpen({ kind: 'slot', slot })} />
      </LazyPart>

      {open?.kind === 'slot' && (
        <SlotModal
          slot={data?.slots.find((s) => s.code === open.slot.code) ?? open.slot}
          onClose={() => setOpen(null)}
          onTransfer={(from, to) => setOpen({ kind: 'transfer', from, to })}
          onBackFromGame={() => (setOpen(null), checkBalance())}
        />
      )}
      {open?.kind === 'transfer' && data && <TransferModal wallet={data} from={open.from} to={open.to} onClose={closeSaved} />}
      {open?.kind === 'withdraw' && data && <WithdrawModal wallet={data} onClose={closeSaved} />}
      {open?.kind === 'deposit' && (
        <Suspense fallback={null}>
          <DepositModal onClose={() => closeSaved(true)} />
        </Suspense>
      )}
      {open?.kind === 'bankName' && data && (
        <BankNameModal bankCode={data.bankAccount.bankCode} current={data.bankAccount.bankAccountName} onClose={() => setOpen(null)} />
      )}
      <LazyPart>
        <AgreementModal />
      </LazyPart>
    </main>
  );
}
