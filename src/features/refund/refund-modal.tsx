import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { DataStatus } from '../../ui/data-status';
import { CheckingNote } from '../../ui/member/checking-note';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/safe-html';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { OfflineReason } from '../../ui/member/offline-reason';
import './refund-errors';
import '../../ui/member/programme.css';
import { answerLost } from '../../ui/member/money-submission';
import { useMoneyWords } from '../../ui/member/money-words';
import { useRefundAction } from './mutations';
import { refundCheckQuery } from './queries';
import { RefundLogs } from './refund-logs';

/** The confirmation before the refund balance moves into the wallet (§2 Refund modal). */
function MoveDialog({
  amount,
  pending,
  checking,
  onConfirm,
  onClose,
}: {
  amount: string;
  pending: boolean;
  checking: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal title={t`Move refund to wallet?`} role="alertdialog" onClose={onClose} closeLabel={t`Close`}>
      <p>{t`${amount} will move from your refund balance into your wallet. You can then play or withdraw it.`}</p>
      <CheckingNote checking={checking} />
      <div className="row gap">
        <button type="button" className="button block" onClick={onClose}>
          {t`Cancel`}
        </button>
        <button type="button" className="button primary block" disabled={pending} onClick={onConfirm}>
          {pending ? t`Moving…` : t`Move to wallet`}
        </button>
      </div>
    </Modal>
  );
}

/**
 * §2 Refund modal: the conditions, the refund and its percentages, receiving (into the refund balance;
 * not while a bonus is active), moving the balance to the wallet after a confirmation, and the logs.
 * Closing says whether money moved, so the home refreshes the wallet (§2).
 */
export function RefundModal({ onClose }: { onClose: (saved: boolean) => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const check = useQuery(refundCheckQuery());
  const receive = useRefundAction('receive');
  const move = useRefundAction('addWallet');
  const [confirming, setConfirming] = useState(false);
  const saved = useRef(false);
  const offlineId = useId();
  const receiveWhyId = useId();
  const moveWhyId = useId();
  const { amount: money } = useMoneyWords();
  const data = check.data;
  const fail = (err: Error) => showToast(errorMessage(i18n, err.message), 'danger');

  function onReceive() {
    receive.mutate(undefined, {
      onSuccess: ({ amount }) => {
        const shown = money(amount);
        showToast(t`Refund received: ${shown} is in your refund balance.`, 'success');
      },
      onError: fail,
    });
  }
  function onMove() {
    move.mutate(undefined, {
      onSuccess: ({ amount }) => {
        saved.current = true;
        setConfirming(false);
        const shown = money(amount);
        showToast(t`${shown} of refund moved into your wallet.`, 'success');
      },
      onError: (err) => {
        // a lost answer may have moved it: the wallet is refreshed on close all the same
        if (answerLost(err)) saved.current = true;
        setConfirming(false);
        fail(err);
      },
    });
  }

  const receiveWhy = !data ? '' : data.bonus ? 'bonus' : data.waiting <= 0 ? 'none' : '';
  const waiting = data ? money(data.waiting) : '';
  const balance = data ? money(data.balance) : '';
  const percent = data?.refundSuccess ?? 0;
  const percentWithBonus = data?.refundFail ?? 0;
  return (
    <Modal title={t`Cashback refund`} onClose={() => onClose(saved.current)} closeLabel={t`Close`}>
      <DataStatus query={check} />
      {data && (
        <>
          <SafeHtml html={data.info} className="refund-info" />
          <p className="muted small">{t`Your refund`}</p>
          <p className="refund-amount">{money(data.refundAmount)}</p>
          <p className="small">{t`Waiting to receive: ${waiting} · In your refund balance: ${balance}`}</p>
          <p className="small">
            {t`We refund ${percent}% of a period's net loss, or ${percentWithBonus}% for a period in which you held a bonus or promotion.`}
          </p>
          <div className="refund-actions">
            <CheckingNote checking={receive.checking} />
            <button
              type="button"
              className="button primary block"
              disabled={!online || receiveWhy !== '' || receive.isPending}
              aria-describedby={!online ? offlineId : receiveWhy ? receiveWhyId : undefined}
              onClick={onReceive}
            >
              {receive.isPending ? t`Receiving…` : t`Receive refund`}
            </button>
            {online && receiveWhy === 'bonus' && (
              <p id={receiveWhyId} className="hint">
                {t`A bonus or promotion is active. You can receive your refund once it ends.`}
              </p>
            )}
            {online && receiveWhy === 'none' && (
              <p id={receiveWhyId} className="hint">
                {t`Nothing is waiting to be received.`}
              </p>
            )}
            <button
              type="button"
              className="button block"
              disabled={!online || data.balance <= 0 || move.isPending}
              aria-describedby={!online ? offlineId : data.balance <= 0 ? moveWhyId : undefined}
              onClick={() => setConfirming(true)}
            >
              {t`Move to wallet`}
            </button>
            {online && data.balance <= 0 && (
              <p id={moveWhyId} className="hint">
                {t`Receive your refund first: it goes into your refund balance, then into your wallet.`}
              </p>
            )}
            {!online && <OfflineReason id={offlineId} />}
          </div>
        </>
      )}
      <RefundLogs />
      {confirming && data && (
        <MoveDialog
          amount={balance}
          pending={move.isPending}
          checking={move.checking}
          onConfirm={onMove}
          onClose={() => setConfirming(false)}
        />
      )}
    </Modal>
  );
}
