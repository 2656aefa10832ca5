import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { LAO_PHONE_MAX, PHONE_LENGTH, phoneRule } from '../../../contract/account-rules';
import { errorMessage } from '../../lib/errors';
import { VARIANT } from '../../lib/variant';
import { TextField } from '../field';

/**
 * The phone number a texted code goes to, as registration and a forgotten password both ask for it:
 * digits only, no longer than the site's numbers can be (contract/account-rules.ts).
 */
export function PhoneField({ value, onChange, invalid }: { value: string; onChange: (digits: string) => void; invalid: boolean }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Phone number`}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={VARIANT === 'la' ? LAO_PHONE_MAX : PHONE_LENGTH}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, ''))}
      aria-invalid={invalid || undefined}
      required
    />
  );
}

/** Why the number (trimmed, not empty) cannot be sent, in the member's language (§5); undefined when it can. */
export function phoneProblem(i18n: I18n, phone: string): string | undefined {
  const broken = phoneRule(phone, VARIANT);
  return broken && errorMessage(i18n, broken);
}
