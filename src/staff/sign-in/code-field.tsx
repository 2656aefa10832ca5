import { useLingui } from '@lingui/react/macro';
import { TextField } from '../../ui/field';

/** The authenticator app's 6 digits. */
export function CodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`6-digit code`}
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      required
    />
  );
}
