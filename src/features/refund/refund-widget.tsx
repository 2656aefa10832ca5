import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BannerModal, loadBannerModal } from '../../ui/member/lazy-banner-modal';
import { useBannersFirst } from '../../ui/member/use-banners-first';
import { RefundIcon } from '../../ui/member/widget-icons';
import { refundBannersQuery, refundCheckQuery } from './queries';

// the modal (its table and words) loads when the member opens it
const loadRefundModal = () => import('./refund-modal');
const RefundModal = lazy(() => loadRefundModal().then((m) => ({ default: m.RefundModal })));

/**
 * §2 the refund widget, only while there is a refund (§7 check `result`); banners first, then the
 * refund modal, which stays open even when the refund it moved leaves nothing (result false).
 */
export function RefundWidget({ onClosed }: { onClosed: (saved: boolean) => void }) {
  const { t } = useLingui();
  const check = useQuery(refundCheckQuery());
  const flow = useBannersFirst(refundBannersQuery, () => void Promise.all([loadRefundModal(), loadBannerModal()]).catch(() => undefined));
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
