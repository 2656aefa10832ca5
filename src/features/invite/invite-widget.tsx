import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { BannerModal, loadBannerModal } from '../../ui/member/lazy-banner-modal';
import { inviteBannersQuery } from './queries';
import { useBannersFirst } from '../../ui/member/use-banners-first';
import { InviteIcon } from '../../ui/member/widget-icons';
import type { WalletView } from '../../../contract/wallet';

// the modal (its table and words) loads when the member opens it
const loadInviteModal = () => import('./invite-modal');
const InviteModal = lazy(() => loadInviteModal().then((m) => ({ default: m.InviteModal })));

/** §2 the invite widget: banners first (if the operator has any), then the invite modal. */
export function InviteWidget({ wallet }: { wallet: WalletView | undefined }) {
  const { t } = useLingui();
  const flow = useBannersFirst(inviteBannersQuery, () => void Promise.all([loadInviteModal(), loadBannerModal()]).catch(() => undefined));
  return (
    <>
      <button type="button" className="widget" disabled={!wallet || flow.opening} onClick={flow.open}>
        <InviteIcon />
        {t`Invite friends`}
      </button>
      <Suspense fallback={null}>
        {flow.stage?.step === 'banners' && <BannerModal title={t`Invite friends`} banners={flow.stage.banners} onClose={flow.toModal} />}
        {flow.stage?.step === 'modal' && wallet && <InviteModal profileId={wallet.profile._id} onClose={flow.close} />}
      </Suspense>
    </>
  );
}
