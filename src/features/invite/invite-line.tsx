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
  const amount = moneyText(wallet.invite.amount);
  return (
    <div className="row between invite-line">
      <span>
        <span className="muted-on-dark small">{t`Invite bonus`}</span> <strong className="invite-amount">{amount}</strong>
      </span>
      <button
        type="button"
        className="button small"
        disabled={!online}
        aria-label={t`Receive invite bonus`}
        aria-describedby={online ? undefined : reasonId}
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
