import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import type { WalletView } from '../../../contract/wallet';
import { useMoneyWords } from '../../ui/member/money-words';

const ReceiveInviteDialog = lazy(() => import('./receive-dialog').then((m) => ({ default: m.ReceiveInviteDialog })));

/** §2 header: the invite bonus earned and not received yet, with the receive button (its dialog loads on first use). */
export function InviteLine({ wallet, online }: { wallet: WalletView; online: boolean }) {
  const { t } = useLingui();
  const { money: moneyText } = useMoneyWords();
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const nothingId = useId();
  const labelId = useId();
  const buttonId = useId();
  const amount = moneyText(wallet.invite.amount);
  // nothing earned: receiving could only be refused (NO_INVITE_BONUS), so it is off and says so
  const nothing = wallet.invite.amount <= 0;
  return (
    <div className="row between invite-line">
      <span>
        <span id={labelId} className="muted-on-dark small">
          {t`Invite bonus`}
        </span>{' '}
        <strong className="invite-amount">{amount}</strong>
        {online && nothing && (
          <span id={nothingId} className="muted-on-dark small">
            {' '}
            {t`Nothing to receive yet.`}
          </span>
        )}
      </span>
      <button
        type="button"
        className="button small"
        disabled={!online || nothing}
        id={buttonId}
        // named by what it shows and the line's label ("Receive Invite bonus"): the visible word stays a
        // word of the name in every language (axe label-content-name-mismatch; Thai and Lao have no spaces)
        aria-labelledby={`${buttonId} ${labelId}`}
        aria-describedby={!online ? reasonId : nothing ? nothingId : undefined}
        onClick={() => setOpen(true)}
      >
        {t`Receive`}
      </button>
      {!online && (
        <span id={reasonId} className="visually-hidden">
          {t`You are offline: this needs the internet.`}
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <ReceiveInviteDialog wallet={wallet} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
