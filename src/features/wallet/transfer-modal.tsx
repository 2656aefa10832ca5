import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { TRANSFER_MINIMUM } from '../../../contract/limits';
import { transferPairRule, WALLET } from '../../../contract/wallet-rules';
import { errorMessage } from '../../lib/errors';
import { FormError, SelectField, useSaid } from '../../ui/field';
import { AmountField } from '../../ui/member/amount-field';
import { CheckingNote } from '../../ui/member/checking-note';
import { useMoneyWords } from '../../ui/member/money-words';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast';
import { useOnline } from '../../ui/use-online';
import { useTransfer } from './mutations';
import { QuickAmounts } from './quick-amounts';
import type { WalletView } from '../../../contract/wallet';
import { amountProblem } from '../../lib/member/money-input';

/** §2 transfer modal: from and to (none, the wallet, the open game accounts), the amount, the §5 rules. */
export function TransferModal({
  wallet,
  from: initialFrom,
  to: initialTo,
  onClose,
}: {
  wallet: WalletView;
  from: string;
  to: string;
  onClose: (saved: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const { amount: money, money: moneyText, parse } = useMoneyWords();
  const online = useOnline();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [amount, setAmount] = useState('');
  const [error, setError] = useSaid();
  // one key per submission; a retry after a lost answer sends the same one
  const move = useTransfer();
  const active = wallet.slots.filter((s) => s.isActive);
  const balanceOf = (code: string) => (code === WALLET ? wallet.wallet.amount : (active.find((s) => s.code === code)?.amount ?? 0));
  const options = [{ code: WALLET, label: t`Wallet` }, ...active.map((s) => ({ code: s.code, label: s.name }))];

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setError(() => t`Please select an account.`);
    if (transferPairRule(from, to)) return setError(() => t`You cannot transfer between these accounts.`);
    const parsed = parse(amount);
    if (!parsed.ok) return setError(() => amountProblem(parse(amount)));
    const value = parsed.value;
    if (value < TRANSFER_MINIMUM)
      return setError(() => {
        const minimum = money(TRANSFER_MINIMUM);
        return t`The minimum amount is ${minimum}.`;
      });
    move.mutate(
      { from, to, amount: value },
      {
        onSuccess: () => {
          showToast(
            move.earlier.current ? t`Transfer done. It is the transfer you asked for earlier: the money moved once.` : t`Transfer done.`,
            'success',
          );
          onClose(true);
        },
        onError: (err) => setError(() => errorMessage(i18n, err.message)),
      },
    );
  }

  const available = moneyText(from ? balanceOf(from) : 0);
  return (
    <Modal title={t`Transfer`} onClose={() => onClose(false)} closeLabel={t`Close`}>
      <form className="form" onSubmit={submit} noValidate>
        <AccountSelect label={t`From`} value={from} options={options} onChange={(v) => (setFrom(v), setError(''))} />
        <AccountSelect label={t`To`} value={to} options={options} onChange={(v) => (setTo(v), setError(''))} />
        <AmountField value={amount} onChange={(v) => (setAmount(v), setError(''))} hint={from ? t`Available: ${available}` : undefined} />
        <QuickAmounts all={from ? balanceOf(from) : 0} onPick={(v) => (setAmount(v), setError(''))} />
        <FormError message={error} />
        <CheckingNote checking={move.checking} />
        <button type="submit" className="button primary block" disabled={!online || move.isPending}>
          {move.checking ? t`Checking…` : move.isPending ? t`Transferring…` : t`Transfer`}
        </button>
        {!online && <p className="hint">{t`You are offline: this needs the internet.`}</p>}
      </form>
    </Modal>
  );
}

/** §2 selector: position 0 prompts to choose, then the wallet, then the open game accounts. */
function AccountSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { code: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  return (
    <SelectField label={label} value={value} onChange={onChange}>
      <option value="">{t`Select an account`}</option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}
