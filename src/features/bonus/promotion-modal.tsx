import { useLingui } from '@lingui/react/macro';
import { useMoneyWords } from '../../ui/member/money-words';
import { CheckingNote } from '../../ui/member/checking-note';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { ReceiveFailure } from '../../ui/member/error-alert';
import { useActivatePromotion } from './mutations';
import { OfflineReason } from '../../ui/member/offline-reason';
import { OfferTermsText } from './offer-terms';
import { promotionQuery, type PromotionFound } from './queries';

/** A found promotion: its description, what cancelling it costs, and receive. */
function Found({ promotion, onReceived }: { promotion: PromotionFound; onReceived: () => void }) {
  const { t } = useLingui();
  const { amount: money } = useMoneyWords();
  const online = useOnline();
  const offlineId = useId();
  const termsId = useId();
  const receive = useActivatePromotion();
  const [failure, setFailure] = useState('');
  const percentFail = promotion.percentFail;

  function onReceive() {
    receive.mutate(promotion.code, {
      onSuccess: ({ amount }) => {
        const shown = money(amount);
        showToast(t`Promotion received: ${shown} is in your wallet.`, 'success');
        onReceived();
      },
      onError: (err) => setFailure(err.message),
    });
  }

  return (
    <>
      <SafeHtml html={promotion.description} className="promotion-description" />
      <p className="notice small">{t`If the conditions are not met, ${percentFail}% of the bonus is forfeited.`}</p>
      <OfferTermsText terms={promotion.terms} id={termsId} />
      <CheckingNote checking={receive.checking} />
      <button
        type="button"
        className="button primary block"
        disabled={!online || !!promotion.terms.refusal || receive.isPending}
        aria-describedby={online ? termsId : offlineId}
        onClick={onReceive}
      >
        {receive.isPending ? t`Receiving…` : t`Receive`}
      </button>
      {!online && <OfflineReason id={offlineId} />}
      {failure && <ReceiveFailure code={failure} onClose={() => setFailure('')} />}
    </>
  );
}

/** §2 Promotion modal: searching, then the promotion found or the not-found message (§8 NO_PROMOTION). */
export function PromotionModal({ code, onClose, onReceived }: { code: string; onClose: () => void; onReceived: () => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const offlineId = useId();
  const search = useQuery(promotionQuery(code));
  return (
    <Modal title={t`Promotion ${code}`} onClose={onClose} closeLabel={t`Close`}>
      {search.data ? (
        <Found promotion={search.data} onReceived={onReceived} />
      ) : search.error ? (
        <div role="alert" className="row between">
          <p>{errorMessage(i18n, search.error.message)}</p>
          {search.error.message !== 'NO_PROMOTION' && (
            <button type="button" className="button small" disabled={!online || search.isFetching} onClick={() => void search.refetch()}>
              {t`Try again`}
            </button>
          )}
        </div>
      ) : !online ? (
        <OfflineReason id={offlineId} />
      ) : (
        <p className="muted" role="status">
          {t`Searching…`}
        </p>
      )}
    </Modal>
  );
}
