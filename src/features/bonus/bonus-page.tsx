import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { intlLocale } from '../../lib/i18n';
import { DataStatus } from '../../ui/data-status';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { walletKeys } from '../wallet/queries';
import { activateBonus, activeBonusQuery, bonusesQuery, bonusKeys, clearBonus, type Bonus } from './queries';
import { isExhausted, noticeText } from './rules';

/** An error in an alert dialog titled with it (§8: bonus activation and cancelling). */
function ErrorAlert({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={title} role="alertdialog" tone="danger" onClose={onClose} closeLabel={t`Close`}>
      <p>{text}</p>
      <button type="button" className="button primary block" onClick={onClose}>
        {t`OK`}
      </button>
    </Modal>
  );
}

/** §2 Bonus modal: the banners (keen-slider) with their HTML, the notice, and receive or, for the active one, close. */
function BonusModal({ bonus, active, onClose }: { bonus: Bonus; active: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [slide, setSlide] = useState(0);
  const [ref, slider] = useKeenSlider<HTMLDivElement>({ slideChanged: (s) => setSlide(s.track.details.rel) });
  const [failure, setFailure] = useState('');
  const receive = useMutation({
    mutationFn: () => activateBonus(bonus.code),
    onSuccess: ({ amount }) => {
      const shown = formatMoney(amount, intlLocale());
      showToast(t`Bonus received: ${shown} baht is in your wallet.`, 'success');
      void queryClient.invalidateQueries({ queryKey: bonusKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
      onClose();
    },
    onError: (err) => setFailure(err.message),
  });
  const banners = bonus.banners;
  return (
    <Modal title={bonus.name} onClose={onClose} closeLabel={t`Close`}>
      {banners.length > 0 && (
        <div className="bonus-banners">
          <div ref={ref} className="keen-slider">
            {banners.map((b, i) => (
              <div key={b.image + i} className="keen-slider__slide bonus-banner">
                <img src={b.image} alt="" className="bonus-banner-image" />
                <SafeHtml html={b.html} className="bonus-banner-html" />
              </div>
            ))}
          </div>
          {banners.length > 1 && (
            <div className="bonus-dots" role="group" aria-label={t`Banners`}>
              {banners.map((_, i) => {
                const number = i + 1;
                return (
                  <button
                    key={number}
                    type="button"
                    className="dot"
                    aria-current={i === slide}
                    aria-label={t`Banner ${number}`}
                    onClick={() => slider.current?.moveToIdx(i)}
                  />
                );
              })}
            </div>
          )}
        </div>
      )}
      <SafeHtml html={bonus.html} className="bonus-html" />
      <SafeHtml html={noticeText(bonus.notice, bonus.percentFail)} className="notice small" />
      {active ? (
        <button type="button" className="button primary block" onClick={onClose}>
          {t`OK`}
        </button>
      ) : (
        <button type="button" className="button primary block" disabled={!online || receive.isPending} onClick={() => receive.mutate()}>
          {receive.isPending ? t`Receiving…` : t`Receive bonus`}
        </button>
      )}
      {!online && <p className="hint">{t`You are offline: this needs the internet.`}</p>}
      {failure && <ErrorAlert title={failure} text={errorMessage(i18n, failure)} onClose={() => setFailure('')} />}
    </Modal>
  );
}

const TYPE_LABEL = { limit: 'limit', day: 'day', week: 'week' } as const;

/** §2 Bonus page: the active bonus and its cancel button, then the bonus cards. */
export function BonusPage() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const list = useQuery(bonusesQuery());
  const active = useQuery(activeBonusQuery());
  const [open, setOpen] = useState<Bonus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');
  const cancel = useMutation({
    mutationFn: clearBonus,
    onSuccess: () => {
      showToast(t`The bonus is cancelled.`, 'success');
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: bonusKeys.all });
    },
    onError: (err) => {
      setConfirming(false);
      setFailure(err.message);
    },
  });
  // the day and week of §4 as of opening the page
  const [now] = useState(() => Date.now());
  const typeName = (type: string | null) =>
    type === TYPE_LABEL.day ? t`Daily bonus` : type === TYPE_LABEL.week ? t`Weekly bonus` : t`One-time bonus`;
  const state = active.data;
  const remaining = state?.turnover ? formatMoney(state.turnover.remaining, intlLocale()) : '';
  const activeType = typeName(state?.type ?? null);

  return (
    <main className="page">
      <h1>{t`Bonus`}</h1>
      <DataStatus query={list} />
      {state?.status && (
        <section className="notice bonus-active" aria-label={t`Your active bonus`}>
          <p className="strong">{t`Active: ${activeType}`}</p>
          {remaining && <p>{t`Play ${remaining} baht more to free the bonus money.`}</p>}
          <button type="button" className="button small" disabled={!online} onClick={() => setConfirming(true)}>
            {t`Cancel bonus`}
          </button>
        </section>
      )}
      <ul className="bonus-grid">
        {list.data?.bonuses.map((b) => {
          const isActive = !!b.userBonus?.isActive;
          const used = !isActive && isExhausted(b, now);
          const image = b.banners[0]?.image;
          return (
            <li key={b.code}>
              <button
                type="button"
                className="bonus-card"
                style={image ? { backgroundImage: `url("${image}")` } : undefined}
                disabled={used}
                onClick={() => setOpen(b)}
              >
                <span className="bonus-card-name">{b.name}</span>
                {isActive && <span className="bonus-card-mark">{t`Active`}</span>}
                {used && <span className="bonus-card-mark muted-mark">{t`Received`}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {list.data && list.data.bonuses.length === 0 && <p className="muted">{t`No bonus is offered right now.`}</p>}
      {open && <BonusModal bonus={open} active={!!open.userBonus?.isActive} onClose={() => setOpen(null)} />}
      {confirming && (
        <Modal title={t`Cancel bonus?`} role="alertdialog" tone="danger" onClose={() => setConfirming(false)} closeLabel={t`Close`}>
          <p>{t`Cancelling ends the bonus. You can cancel only when your balance has fallen below the operator's minimum.`}</p>
          <div className="row gap">
            <button type="button" className="button block" onClick={() => setConfirming(false)}>
              {t`Keep it`}
            </button>
            <button type="button" className="button danger block" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {t`Cancel bonus`}
            </button>
          </div>
        </Modal>
      )}
      {failure && <ErrorAlert title={t`Could not cancel the bonus`} text={errorMessage(i18n, failure)} onClose={() => setFailure('')} />}
    </main>
  );
}
