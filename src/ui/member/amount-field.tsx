import { useLingui } from '@lingui/react/macro';
import { TextField } from '../field';
import { normaliseAmount } from '../../lib/member/money-input';
import { useMoneyWords } from './money-words';

/** The amount of a money form: the decimal keypad, Thai, Lao and full-width digits taken as typed (money-input.ts). */
export function AmountField({ value, onChange, hint }: { value: string; onChange: (value: string) => void; hint?: string }) {
  const { t } = useLingui();
  const { unit } = useMoneyWords();
  return (
    <TextField
      label={t`Amount (${unit})`}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(v) => onChange(normaliseAmount(v))}
      hint={hint}
    />
  );
}
