import { useLingui } from '@lingui/react/macro';
import { useMoneyWords } from '../../ui/member/money-words';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { SafeHtml } from '../../ui/safe-html';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { CancelDialog } from './cancel-dialog';
import { ErrorAlert } from '../../ui/member/error-alert';
import { useClearBonus } from './mutations';
import { OfflineReason } from '../../ui/member/offline-reason';
import { clearMinimumQuery, currentPromotionQuery, type ActiveBonus, type Bonus } from './queries';

type Turnover = NonNullable<ActiveBonus['turnover']>;

/** How much has been bet of what the bonus asks, as a bar and in words. */
function TurnoverProgress({ turnover }: { turnover: Turnover }) {
  const { t } = useLingui();
  const id = useId();
  const { amount, money: moneyText } = useMoneyWords();
  const progress = moneyText(turnover.progress);
  const target = amount(turnover.target);
  const remaining = amount(turnover.remaining);
  return (
    <>
      {turnover.target > 0 && (
        <div className="turnover">
          <label htmlFor={id}>{t`Turnover: ${progress} of ${target}`}</label>
          <progress id={id} max={turnover.target} value={Math.min(turnover.progress, turnover.target)} />
        </div>
      )}
      {turnover.remaining > 0 && <p>{t`Play ${remaining} more to free the bonus money.`}</p>}
    </>
  );
}

/** §2: the active bonus or promotion, its turnover, and cancelling it (confirm first; a refusal in a danger alert, §8). */
export function ActiveBonusPanel({ state, bonuses }: { state: ActiveBonus; bonuses: Bonus[] | undefined }) {
  const { t, i18n } = useLingui();
  const { amount: money } = useMoneyWords();
  const online = useOnline();
  const offlineId = useId();
  const cannotId = useId();
  const isPromotion = state.type === 'promotion';
  const promotion = useQuery({ ...currentPromotionQuery(), enabled: isPromotion });
  const bonus = isPromotion ? undefined : bonuses?.find((b) => b.code === state.code);
  // the share the server took down when the bonus was received, whatever the operator changed since
  const percentFail = state.percentFail ?? undefined;
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');
  const cancel = useClearBonus();
  // cancelling is allowed only below the operator's amount (§9): asked when the panel shows, so a cancel
  // that cannot succeed is off, saying why, rather than a confirmation that fails
  const clear = useQuery({ ...clearMinimumQuery(), enabled: online });
  const minimum = clear.data && money(clear.data.minimum);
  const balance = clear.data && money(clear.data.balance);
  const reason = clear.data && t`You can cancel when your wallet and game balances together are below ${minimum} (now ${balance}).`;
  const cannot = !!clear.data && clear.data.balance >= clear.data.minimum;

  const code = state.code ?? '';
  const activeType = state.type === 'day' ? t`Daily bonus` : state.type === 'week' ? t`Weekly bonus` : t`One-time bonus`;
  const heading = isPromotion ? t`Active: promotion ${code}` : t`Active: ${activeType}`;

  function confirm() {
    cancel.mutate(undefined, {
      onSuccess: ({ forfeited }) => {
        const taken = money(forfeited);
        showToast(forfeited > 0 ? t`The bonus is cancelled. ${taken} was taken back.` : t`The bonus is cancelled.`, 'success');
        setConfirming(false);
      },
      onError: (err) => {
        setConfirming(false);
        setFailure(err.message);
      },
    });
  }

  return (
    <section className="notice bonus-active" aria-label={t`Your active bonus`}>
      <p className="strong">{heading}</p>
      {bonus && <p>{bonus.name}</p>}
      {promotion.data?.promotion && <SafeHtml html={promotion.data.promotion.description} className="small" />}
      {state.turnover && <TurnoverProgress turnover={state.turnover} />}
      <div>
        <button
          type="button"
          className="button small"
          disabled={!online || cannot || clear.isPending}
          aria-describedby={!online ? offlineId : cannot ? cannotId : undefined}
          onClick={() => setConfirming(true)}
        >
          {t`Cancel bonus`}
        </button>
      </div>
      {!online && <OfflineReason id={offlineId} />}
      {online && clear.isPending && (
        <p className="muted small" role="status">
          {t`Checking your balances…`}
        </p>
      )}
      {online && cannot && (
        <p className="hint" id={cannotId}>
          {reason}
        </p>
      )}
      {online && clear.error && <p className="hint">{errorMessage(i18n, clear.error.message)}</p>}
      {confirming && (
        <CancelDialog
          reason={reason}
          percentFail={percentFail}
          amount={state.amount}
          pending={cancel.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
      {failure && <ErrorAlert title={t`Could not cancel the bonus`} text={errorMessage(i18n, failure)} onClose={() => setFailure('')} />}
    </section>
  );
}
