import { useLingui } from '@lingui/react/macro';
import { Modal } from '../../ui/modal';
import { useMoneyWords } from '../../ui/member/money-words';
import { ConfirmButtons } from '../../ui/member/confirm-buttons';

/** What cancelling costs: percentFail of the bonus, never more than the wallet holds (§3 Cleared). */
function Forfeit({ percentFail, amount }: { percentFail: number | undefined; amount: number | null }) {
  const { t } = useLingui();
  const { amount: money } = useMoneyWords();
  if (percentFail === undefined) return <p>{t`Cancelling ends the bonus; part of it may be taken back from your wallet.`}</p>;
  if (amount === null) return <p>{t`Cancelling takes back ${percentFail}% of the bonus (at most what is in your wallet).`}</p>;
  const share = money((amount * percentFail) / 100);
  return <p>{t`Cancelling takes back ${percentFail}% of the bonus, ${share} (at most what is in your wallet).`}</p>;
}

/**
 * The danger confirmation before §7 bonus/clear. It opens only when the server's figures (`reason`,
 * from check/minimum) allow cancelling; `reason` is the sentence that says when cancelling is allowed.
 */
export function CancelDialog({
  reason,
  percentFail,
  amount,
  pending,
  onConfirm,
  onClose,
}: {
  reason: string | undefined;
  percentFail: number | undefined;
  amount: number | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal title={t`Cancel bonus?`} role="alertdialog" tone="danger" onClose={onClose} closeLabel={t`Close`}>
      {reason && <p>{reason}</p>}
      <Forfeit percentFail={percentFail} amount={amount} />
      <ConfirmButtons
        cancelLabel={t`Keep it`}
        confirmLabel={t`Cancel bonus`}
        danger
        busy={pending}
        onCancel={onClose}
        onConfirm={onConfirm}
      />
    </Modal>
  );
}
