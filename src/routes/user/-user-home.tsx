import { lazy } from 'react';
import { InviteLine } from '../../features/invite/invite-line';
import { InviteWidget } from '../../features/invite/invite-widget';
import { RefundWidget } from '../../features/refund/refund-widget';
import { SpinOrElse } from '../../features/spinwheel/spin-widget';
import { WalletHome, type HomeParts } from '../../features/wallet/wallet-home';

// the deposit modal (its outbox, its words) loads when the member opens it
const DepositModal = lazy(() => import('../../features/deposit/deposit-modal').then((m) => ({ default: m.DepositModal })));

/** The home's parts from other features (the '-' keeps this file out of the route tree). */
export const homeParts: HomeParts = { InviteLine, InviteWidget, RefundWidget, SpinOrElse, DepositModal };

/** §2 User home: the wallet feature's page with the invite, refund, spin-wheel and deposit parts. */
export function UserHome() {
  return <WalletHome parts={homeParts} />;
}
