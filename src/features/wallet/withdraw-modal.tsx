import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { formatAccountNo } from '../../../contract/account-rules';
import { bankName, banksQuery, readersName, withdrawLimitsQuery } from '../../lib/lookups';
import { FormError, useSaid } from '../../ui/field';
import { CheckingNote } from '../../ui/member/checking-note';
import { activeBonusQuery } from '../../lib/member/active-bonus-query';
import { AmountField } from '../../ui/member/amount-field';
import { useMoneyWords } from '../../ui/member/money-words';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { useWithdraw } from './mutations';
import { QuickAmounts } from './quick-amounts';
import type { WalletView } from '../../../contract/wallet';
import { amountProblem } from '../../lib/member/money-input';

/** §2 withdraw modal: the amount within the server's limits, to the registered bank account. */
export function WithdrawModal({ wallet, onClose }: { wallet: WalletView; onClose: (saved: boolean) => void }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const { amount: money, parse, currency } = useMoneyWords();
  const limits = useQuery(withdrawLimitsQuery(currency));
  const banks = useQuery(banksQuery());
  // §2: the bonus condition, with what is still to play (nothing shown when no bonus is active)
  const bonus = useQuery(activeBonusQuery());
  const remaining = bonus.data?.status && bonus.data.turnover ? money(bonus.data.turnover.remaining) : '';
  const [amount, setAmount] = useState('');
  const [error, setError] = useSaid();
  const send = useWithdraw();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!limits.data || send.isPending) return;
    const parsed = parse(amount);
    if (!parsed.ok) return setError(() => amountProblem(parse(amount)));
    const value = parsed.value;
    const { withdrawMin, withdrawMax } = limits.data;
    if (value < withdrawMin)
      return setError(() => {
        const min = money(withdrawMin);
        return t`The minimum withdrawal is ${min}.`;
      });
    if (value > withdrawMax)
      return setError(() => {
        const max = money(withdrawMax);
        return t`The maximum withdrawal is ${max}.`;
      });
    send.mutate(value, {
      onSuccess: () => {
        showToast(
          send.earlier.current
            ? t`Withdrawal requested. It is the withdrawal you asked for earlier, requested once. Please wait for the transfer to your bank.`
            : t`Withdrawal requested. Please wait for the transfer to your bank.`,
          'success',
        );
        onClose(true);
      },
      onError: (err) => setError(() => errorMessage(i18n, err.message)),
    });
  }

  const balance = money(wallet.wallet.amount);
  const lowest = limits.data ? money(limits.data.withdrawMin) : '';
  const highest = limits.data ? money(limits.data.withdrawMax) : '';
  const limitsText = limits.data ? t`Minimum ${lowest}, maximum ${highest} each time.` : '';
  // what can go at most: the whole wallet, up to the maximum; the picks are the server's round amounts of
  // the member's currency (within the limits)
  const all = limits.data ? Math.min(wallet.wallet.amount, limits.data.withdrawMax) : 0;
  const picks = limits.data?.quickAmounts ?? [];
  const bank = bankName(banks.data, wallet.bankAccount.bankCode, readersName(wallet.bankAccount.bank, i18n.locale));
  const accountNo = formatAccountNo(wallet.bankAccount.bankAccountNo);
  return (
    <Modal title={t`Withdraw`} onClose={() => onClose(false)} closeLabel={t`Close`}>
      <form className="form" onSubmit={submit} noValidate>
        <p>
          {/* the account number on one line: a break after its dashes reads as two numbers at 360 px */}
          <Trans>
            To {bank} <span className="nowrap">{accountNo}</span>
          </Trans>
        </p>
        {remaining && (
          <p className="notice small" role="status">
            {t`A bonus is active: play ${remaining} more before you can withdraw.`}
          </p>
        )}
        <p className="balance-line">{t`Wallet balance: ${balance}`}</p>
        <AmountField value={amount} onChange={(v) => (setAmount(v), setError(''))} hint={limitsText} />
        <QuickAmounts all={all} picks={picks} onPick={(v) => (setAmount(v), setError(''))} />
        <FormError message={error || (limits.error ? errorMessage(i18n, limits.error.message) : '')} />
        <CheckingNote checking={send.checking} />
        <button type="submit" className="button primary block" disabled={!online || !limits.data || send.isPending}>
          {send.checking ? t`Checking…` : send.isPending ? t`Sending…` : t`Withdraw`}
        </button>
        {!online && <p className="hint">{t`You are offline: this needs the internet.`}</p>}
      </form>
    </Modal>
  );
}
