import { useLingui } from '@lingui/react/macro';
import { useMoneyWords } from '../../ui/member/money-words';
import { CheckingNote } from '../../ui/member/checking-note';
import { useId, useState } from 'react';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { BannerCarousel } from '../../ui/member/banner-carousel';
import { ReceiveFailure } from '../../ui/member/error-alert';
import { useActivateBonus } from './mutations';
import { OfflineReason } from '../../ui/member/offline-reason';
import type { Bonus } from './queries';
import { OfferTermsText } from './offer-terms';
import { noticeText } from './rules';

/** §2 Bonus modal: the banners, the bonus's HTML, the notice, and receive or, for the active one, close. */
export function BonusModal({
  bonus,
  active,
  blocked,
  onClose,
}: {
  bonus: Bonus;
  active: boolean;
  /** another bonus or promotion is active: receiving would be refused */
  blocked: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { amount: money } = useMoneyWords();
  const online = useOnline();
  const offlineId = useId();
  const blockedId = useId();
  const termsId = useId();
  const receive = useActivateBonus();
  const [failure, setFailure] = useState('');

  function onReceive() {
    receive.mutate(bonus.code, {
      onSuccess: ({ amount }) => {
        const shown = money(amount);
        showToast(t`Bonus received: ${shown} is in your wallet.`, 'success');
        onClose();
      },
      onError: (err) => setFailure(err.message),
    });
  }

  return (
    <Modal title={bonus.name} onClose={onClose} closeLabel={t`Close`}>
      {bonus.banners.length > 0 && <BannerCarousel banners={bonus.banners} />}
      <SafeHtml html={bonus.html} className="bonus-html" />
      <SafeHtml html={noticeText(bonus.notice, bonus.percentFail)} className="notice small" />
      {!active && !blocked && <OfferTermsText terms={bonus.terms} id={termsId} />}
      {active ? (
        <button type="button" className="button primary block" onClick={onClose}>
          {t`OK`}
        </button>
      ) : (
        <>
          <CheckingNote checking={receive.checking} />
          <button
            type="button"
            className="button primary block"
            disabled={!online || blocked || !!bonus.terms.refusal || receive.isPending}
            aria-describedby={!online ? offlineId : blocked ? blockedId : termsId}
            onClick={onReceive}
          >
            {receive.isPending ? t`Receiving…` : t`Receive bonus`}
          </button>
        </>
      )}
      {!online && !active && <OfflineReason id={offlineId} />}
      {online && blocked && !active && (
        <p className="hint" id={blockedId}>
          {t`Another bonus is active. Play its turnover or cancel it before receiving this one.`}
        </p>
      )}
      {failure && <ReceiveFailure code={failure} onClose={() => setFailure('')} />}
    </Modal>
  );
}
