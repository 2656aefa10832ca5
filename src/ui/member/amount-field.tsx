import { useLingui } from '@lingui/react/macro';
import { TextField } from '../field';
import { normaliseAmount } from '../../lib/member/money-input';
import { useMoneyWords } from './money-words';

/** The amount of a money form: the decimal keypad (digits only in kip), Thai, Lao and full-width digits taken as typed (money-input.ts). */
export function AmountField({ value, onChange, hint }: { value: string; onChange: (value: string) => void; hint?: string }) {
  const { t } = useLingui();
  const { unit, currency } = useMoneyWords();
  return (
    <TextField
      label={t`Amount (${unit})`}
      // kip is whole: the keypad without a decimal point
      inputMode={currency === 'LAK' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={value}
      onChange={(v) => onChange(normaliseAmount(v))}
      hint={hint}
    />
  );
}
