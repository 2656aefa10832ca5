import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/dates';
import { Modal } from '../../ui/modal';
import { Pagination } from '../../ui/pagination';
import { useOnline } from '../../ui/use-online';
import { ErrorAlert } from '../../ui/member/error-alert';
import { ConfirmButtons } from '../../ui/member/confirm-buttons';
import { OfflineReason } from '../../ui/member/offline-reason';
import { useMoneyWords } from '../../ui/member/money-words';
import { useClaimCoupon } from './mutations';
import { COUPON_PAGE_SIZE, couponsQuery, type Coupon } from './queries';

function CouponState({ coupon, online, offlineId, onClaim }: { coupon: Coupon; online: boolean; offlineId: string; onClaim: () => void }) {
  const { t } = useLingui();
  const prize = coupon.prize.slice.label;
  if (coupon.claimed) return <span className="text-success">{t`Claimed`}</span>;
  if (coupon.expired) return <span className="muted">{t`Expired`}</span>;
  if (coupon.type === 'item') return <span>{t`Our staff will hand it to you`}</span>;
  return (
    <button
      type="button"
      className="button small primary"
      disabled={!online}
      aria-describedby={online ? undefined : offlineId}
      aria-label={t`Claim ${prize}`}
      onClick={onClaim}
    >
      {t`Claim`}
    </button>
  );
}

/** §4 Claim: what the prize gives, before it is claimed. */
function ConfirmClaim({
  coupon,
  amount,
  pending,
  onConfirm,
  onClose,
}: {
  coupon: Coupon;
  amount: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const prize = coupon.prize.slice.label;
  return (
    <Modal title={t`Claim this prize?`} role="alertdialog" onClose={onClose} closeLabel={t`Close`}>
      <p>
        {coupon.type === 'bonus'
          ? t`${prize}: a bonus of ${amount} goes to your wallet. Its turnover must be played before you can withdraw it.`
          : t`${prize}: ${amount} goes to your wallet.`}
      </p>
      <ConfirmButtons
        cancelLabel={t`Not now`}
        confirmLabel={pending ? t`Claiming…` : t`Claim prize`}
        busy={pending}
        onCancel={onClose}
        onConfirm={onConfirm}
      />
    </Modal>
  );
}

/** §2 the member's coupons, 3 a page (§9); a prize is claimed after a confirmation (§4 Claim). */
export function CouponTable() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const offlineId = useId();
  const headingId = useId();
  const { amount } = useMoneyWords();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...couponsQuery(page), placeholderData: keepPreviousData });
  const [confirming, setConfirming] = useState<Coupon | null>(null);
  const [received, setReceived] = useState('');
  const [failure, setFailure] = useState('');
  const claim = useClaimCoupon();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / COUPON_PAGE_SIZE)) : 1;

  function confirm(coupon: Coupon) {
    claim.mutate(coupon._id, {
      onSuccess: (res) => {
        setConfirming(null);
        const sum = amount(res.amount);
        setReceived(
          res.type === 'bonus' ? t`A bonus of ${sum} is in your wallet, with its turnover conditions.` : t`${sum} is in your wallet.`,
        );
      },
      onError: (err) => {
        setConfirming(null);
        setFailure(err.message);
      },
    });
  }

  return (
    <section className="coupons" aria-labelledby={headingId}>
      <h3 id={headingId}>{t`Your coupons`}</h3>
      {data && data.coupons.length === 0 && <p className="muted">{t`No coupons yet. Spin the wheel to win one.`}</p>}
      {data && data.coupons.length > 0 && (
        <table className="coupon-table">
          <thead>
            <tr>
              <th scope="col">{t`Prize`}</th>
              <th scope="col">{t`Expires`}</th>
              <th scope="col">{t`State`}</th>
            </tr>
          </thead>
          <tbody>
            {data.coupons.map((c) => (
              <tr key={c._id}>
                <td>
                  <span className="strong">{c.prize.slice.label}</span>
                  {c.type !== 'item' && <span className="coupon-amount small">{amount(c.amount)}</span>}
                </td>
                <td className="small">{formatDateTime(c.expiresAt)}</td>
                <td>
                  <CouponState coupon={c} online={online} offlineId={offlineId} onClaim={() => setConfirming(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!online && data?.coupons.some((c) => !c.claimed && !c.expired && c.type !== 'item') && <OfflineReason id={offlineId} />}
      {pages > 1 && <Pagination page={page} pages={pages} onPage={setPage} label={t`Coupon pages`} />}
      {confirming && (
        <ConfirmClaim
          coupon={confirming}
          amount={amount(confirming.amount)}
          pending={claim.isPending}
          onConfirm={() => confirm(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
      {received && (
        <Modal title={t`Prize received`} role="alertdialog" onClose={() => setReceived('')} closeLabel={t`Close`}>
          <p>{received}</p>
          <button type="button" className="button primary block" onClick={() => setReceived('')}>
            {t`OK`}
          </button>
        </Modal>
      )}
      {failure && <ErrorAlert title={t`Could not claim the prize`} text={errorMessage(i18n, failure)} onClose={() => setFailure('')} />}
    </section>
  );
}
