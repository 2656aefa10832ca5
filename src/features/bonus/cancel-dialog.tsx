import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { Modal } from '../../ui/modal';
import { useOnline } from '../../ui/use-online';
import { useMoneyWords } from '../../ui/member/money-words';
import { ConfirmButtons } from '../../ui/member/confirm-buttons';
import { clearMinimumQuery } from './queries';

/** When cancelling is allowed, from the server as of opening the dialog (§7 check/minimum). */
function Minimum() {
  const { t, i18n } = useLingui();
  const query = useQuery(clearMinimumQuery());
  const { amount } = useMoneyWords();
  if (query.data) {
    const minimum = amount(query.data.minimum);
    const balance = amount(query.data.balance);
    return <p>{t`You can cancel when your wallet and game balances together are below ${minimum} (now ${balance}).`}</p>;
  }
  if (query.error) return <p>{errorMessage(i18n, query.error.message)}</p>;
  return (
    <p className="muted" role="status">
      {t`Checking your balances…`}
    </p>
  );
}

/** What cancelling costs: percentFail of the bonus, never more than the wallet holds (§3 Cleared). */
function Forfeit({ percentFail, amount }: { percentFail: number | undefined; amount: number | null }) {
  const { t } = useLingui();
  const { amount: money } = useMoneyWords();
  if (percentFail === undefined) return <p>{t`Cancelling ends the bonus; part of it may be taken back from your wallet.`}</p>;
  if (amount === null) return <p>{t`Cancelling takes back ${percentFail}% of the bonus (at most what is in your wallet).`}</p>;
  const share = money((amount * percentFail) / 100);
  return <p>{t`Cancelling takes back ${percentFail}% of the bonus, ${share} (at most what is in your wallet).`}</p>;
}

/** The danger confirmation before §7 bonus/clear. */
export function CancelDialog({
  percentFail,
  amount,
  pending,
  onConfirm,
  onClose,
}: {
  percentFail: number | undefined;
  amount: number | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <Modal title={t`Cancel bonus?`} role="alertdialog" tone="danger" onClose={onClose} closeLabel={t`Close`}>
      {online && <Minimum />}
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
