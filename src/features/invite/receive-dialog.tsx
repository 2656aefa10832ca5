import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../lib/errors';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { ConfirmButtons } from '../../ui/member/confirm-buttons';
import './invite-errors';
import { useMoneyWords } from '../../ui/member/money-words';
import { CheckingNote } from '../../ui/member/checking-note';
import { useReceiveInvite } from './mutations';
import type { WalletView } from '../../../contract/wallet';

/** What the invite money is made of (README: success + fail = 100, shown when success is above 0). */
function Shares({ invite, unit }: { invite: WalletView['invite']; unit: string }) {
  const { t } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const { success, fail } = invite;
  const ready = moneyText((invite.amount * success) / 100);
  return (
    <ul className="invite-shares">
      <li>{t`Ready to receive: ${success}% (about ${ready} ${unit}). Your friends have played their deposits through.`}</li>
      {fail > 0 && (
        <li>{t`Still waiting: ${fail}%. It becomes yours once your friends play their deposits through; it stays for later.`}</li>
      )}
    </ul>
  );
}

/** §2 the danger confirmation before receiving the invite bonus (§7 GET /api/invite/bonus). */
export function ReceiveInviteDialog({ wallet, onClose }: { wallet: WalletView; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const receive = useReceiveInvite();
  const { unit, money: moneyText } = useMoneyWords();
  const earned = moneyText(wallet.invite.amount);

  function confirm() {
    receive.mutate(undefined, {
      onSuccess: ({ amount }) => {
        const shown = moneyText(amount);
        showToast(t`Invite bonus received: ${shown} ${unit} is in your wallet.`, 'success');
        onClose();
      },
      onError: (err) => {
        showToast(errorMessage(i18n, err.message), 'danger');
        onClose();
      },
    });
  }

  return (
    <Modal title={t`Receive invite bonus?`} role="alertdialog" tone="danger" onClose={onClose} closeLabel={t`Close`}>
      <p>{t`Your invite bonus: ${earned} ${unit}.`}</p>
      {wallet.invite.success > 0 && <Shares invite={wallet.invite} unit={unit} />}
      <p className="small">
        {t`You earn a share of each deposit your invited friends make. It can be received once they have played that deposit through in games. Receiving pays every ready part into your wallet, with no turnover to play.`}
      </p>
      <CheckingNote checking={receive.checking} />
      <ConfirmButtons
        cancelLabel={t`Not now`}
        confirmLabel={receive.isPending ? t`Receiving…` : t`Receive`}
        danger
        busy={receive.isPending}
        onCancel={onClose}
        onConfirm={confirm}
      />
    </Modal>
  );
}
