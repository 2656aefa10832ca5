import { useLingui } from '@lingui/react/macro';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import type { Slice } from './queries';

/** §2 the prize pop-up over the wheel: a coupon won (its label and the operator's description), or a try-again slice. */
export function PrizeModal({ label, slice, won, onClose }: { label: string; slice: Slice | undefined; won: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={won ? t`Congratulations, you received a coupon` : t`No prize this time`} onClose={onClose} closeLabel={t`Close`}>
      <div className="prize">
        <p className="prize-label" style={slice ? { background: slice.bgColor, color: slice.textColor } : undefined}>
          {label}
        </p>
        {slice?.htmlDescription && <SafeHtml html={slice.htmlDescription} className="rich" />}
        <p>{won ? t`Claim it from your coupons below.` : t`Better luck next time: try again with another coin.`}</p>
      </div>
      <button type="button" className="button primary block" data-autofocus onClick={onClose}>
        {t`OK`}
      </button>
    </Modal>
  );
}
