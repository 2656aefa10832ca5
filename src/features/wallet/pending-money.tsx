import { useLingui } from '@lingui/react/macro';
import type { WalletView } from '../../../contract/wallet';
import { WALLET } from '../../../contract/wallet-rules';
import { useMoneyWords } from '../../ui/member/money-words';

/**
 * Money on its way (issue 21): a transfer waiting for its game, a withdrawal waiting to be paid, a deposit
 * request waiting for staff. None is in a balance above, so each says where it is and what happens next;
 * shown in their own quiet style, never as a credit.
 */
export function PendingMoney({ wallet }: { wallet: WalletView }) {
  const { t } = useLingui();
  // with its unit: a line of words, like every other sentence that names a sum ("200.00 baht")
  const { amount: money } = useMoneyWords();
  if (!wallet.pending.length) return null;
  const gameName = (code: string) => wallet.slots.find((s) => s.code === code)?.name ?? code;
  return (
    <section className="pending-money" aria-labelledby="pending-money-title">
      <h2 id="pending-money-title" className="small">
        {t`On its way`}
      </h2>
      <ul>
        {wallet.pending.map((p, i) => {
          const amount = money(p.amount);
          const game = gameName(p.kind === 'transfer' && p.to === WALLET ? p.from : p.to);
          const text =
            p.kind === 'withdrawal'
              ? t`Withdrawal of ${amount} to your bank: waiting to be paid.`
              : p.kind === 'deposit_request'
                ? t`Deposit request of ${amount}: waiting for staff to confirm. It is not in your balance yet.`
                : p.to === WALLET
                  ? t`${amount} on its way from ${game} to your wallet. If the game does not let it go, it stays in the game.`
                  : t`${amount} on its way to ${game}. If the game does not take it, it comes back to your wallet.`;
          return (
            <li key={`${p.kind}-${p.createdAt}-${i}`} className={`pending-item pending-${p.kind}`}>
              <span aria-hidden="true">⏳</span> {text}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
