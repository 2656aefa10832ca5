import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BannerModal } from './banner-modal';
import { inviteBannersQuery, refundBannersQuery, refundCheckQuery } from './programme-queries';
import { useBannersFirst } from './use-banners-first';
import { InviteIcon, RefundIcon } from './widget-icons';
import type { WalletView } from '../../../contract/wallet';

// the modals (their tables and words) load when the member opens them; the banners share the game carousels' slider
const loadInviteModal = () => import('../invite/invite-modal');
const loadRefundModal = () => import('../refund/refund-modal');
const InviteModal = lazy(() => loadInviteModal().then((m) => ({ default: m.InviteModal })));
const RefundModal = lazy(() => loadRefundModal().then((m) => ({ default: m.RefundModal })));

/** §2 the invite widget: banners first (if the operator has any), then the invite modal. */
export function InviteWidget({ wallet }: { wallet: WalletView | undefined }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const flow = useBannersFirst(() => {
    void loadInviteModal();
    return queryClient.fetchQuery(inviteBannersQuery());
  });
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

/**
 * §2 the refund widget, only while there is a refund (§7 check `result`); banners first, then the
 * refund modal, which stays open even when the refund it moved leaves nothing (result false).
 */
export function RefundWidget({ onClosed }: { onClosed: (saved: boolean) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const check = useQuery(refundCheckQuery());
  const flow = useBannersFirst(() => {
    void loadRefundModal();
    return queryClient.fetchQuery(refundBannersQuery());
  });
  const close = (saved: boolean) => {
    flow.close();
    onClosed(saved);
  };
  return (
    <>
      {check.data?.result && (
        <button type="button" className="widget" disabled={flow.opening} onClick={flow.open}>
          <RefundIcon />
          {t`Cashback refund`}
        </button>
      )}
      <Suspense fallback={null}>
        {flow.stage?.step === 'banners' && <BannerModal title={t`Cashback refund`} banners={flow.stage.banners} onClose={flow.toModal} />}
        {flow.stage?.step === 'modal' && <RefundModal onClose={close} />}
      </Suspense>
    </>
  );
}
