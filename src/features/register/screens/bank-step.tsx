import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  accountNameRule,
  accountNoRule,
  BANK_COUNTRY,
  cleanName,
  normaliseAccountName,
  RECOMMENDED_BANKS,
  requiresEnglishName,
} from '../../../../contract/account-rules';
import { errorMessage } from '../../../lib/errors';
import { banksQuery } from '../../../lib/lookups';
import { VARIANT } from '../../../lib/variant';
import { FormError, SelectField, TextField, useSaid } from '../../../ui/field';
import { useOneAtATime } from '../../../ui/use-one-at-a-time';
import { useCreateAccount } from '../mutations';
import type { ProfileValues } from '../types';

interface BankValues {
  bankCode: string;
  accountNo: string;
  firstName: string;
  lastName: string;
  currency: 'LAK' | 'BAHT';
}

export function BankStep({
  phone,
  otpToken,
  profile,
  onDone,
  onBack,
}: {
  phone: string;
  otpToken: string | undefined;
  profile: ProfileValues;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const banks = useQuery(banksQuery());
  // the bank account is the member's own: its holder's name starts as the full name of the profile step
  // (first word, then the rest), for the member to correct to what the bank shows, never asked twice blank
  const [values, setValues] = useState<BankValues>(() => {
    const [firstName = '', ...rest] = cleanName(profile.name).split(/\s+/);
    return { bankCode: '', accountNo: '', firstName, lastName: rest.join(' '), currency: 'LAK' };
  });
  const [error, setError] = useSaid();
  const once = useOneAtATime();
  const set = (key: keyof BankValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError('');
  };
  const accountName = normaliseAccountName(`${values.firstName} ${values.lastName}`);

  const submit = useCreateAccount();
  const create = () =>
    submit.mutateAsync(
      {
        name: cleanName(profile.name),
        username: phone,
        password: profile.password,
        sourceCode: profile.sourceCode,
        inviteCode: profile.inviteCode.trim(),
        bankCode: values.bankCode,
        bankAccountName: accountName,
        bankAccountNo: values.accountNo,
        ...(VARIANT === 'la' ? { currency: values.currency } : {}),
        ...(otpToken ? { otpToken } : {}),
      },
      { onSuccess: onDone, onError: (err) => setError(() => errorMessage(i18n, err.message)) },
    );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    // registered already (waiting for the redirect): a second submit would only answer EXISTING_USER
    if (submit.isSuccess) return;
    // a field left empty (a one-word full name leaves the last name so) is said, not passed over in silence
    if (!values.bankCode) return setError(() => t`Please choose your bank.`);
    if (!values.accountNo) return setError(() => t`Please enter your account number.`);
    if (!values.firstName.trim() || !values.lastName.trim())
      return setError(() => t`Please enter the first and last name as they appear on your bank account.`);
    const nameProblem = accountNameRule(values.bankCode, accountName);
    if (nameProblem === 'BANK_ACCOUNT_NAME_ENG') return setError(() => errorMessage(i18n, nameProblem));
    if (nameProblem) return setError(() => t`Please enter the name as it appears on your bank account.`);
    if (accountNoRule(values.accountNo)) return setError(() => t`The account number must be 6 to 20 digits.`);
    once(create);
  }

  const english = requiresEnglishName(values.bankCode);
  // the banks of this site's country: a Lao member picks from Lao banks, a Thai member from Thai ones
  const siteBanks = banks.data?.banks.filter((b) => b.country === BANK_COUNTRY[VARIANT]) ?? [];
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <SelectField label={t`Bank`} value={values.bankCode} onChange={set('bankCode')} required>
        <option value="">{t`Choose your bank`}</option>
        {siteBanks.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name}
            {RECOMMENDED_BANKS[VARIANT].includes(b.code) ? ` (${t`recommended`})` : ''}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`Account number`}
        inputMode="numeric"
        value={values.accountNo}
        onChange={(v) => set('accountNo')(v.replace(/\D/g, ''))}
        maxLength={20}
        required
      />
      <TextField
        label={t`First name`}
        value={values.firstName}
        onChange={set('firstName')}
        autoComplete="given-name"
        required
        hint={
          english
            ? t`The account holder's name as your bank shows it. This bank needs it in English letters.`
            : t`The account holder's name as your bank shows it.`
        }
      />
      <TextField label={t`Last name`} value={values.lastName} onChange={set('lastName')} autoComplete="family-name" required />
      {VARIANT === 'la' && (
        <SelectField label={t`Currency`} value={values.currency} onChange={(v) => set('currency')(v === 'BAHT' ? 'BAHT' : 'LAK')}>
          <option value="LAK">{t`Kip (LAK)`}</option>
          <option value="BAHT">{t`Baht (THB)`}</option>
        </SelectField>
      )}
      <FormError message={error} />
      <div className="row between">
        <button type="button" className="button ghost" onClick={onBack}>
          {t`Back`}
        </button>
        <button type="submit" className="button primary" disabled={submit.isPending || submit.isSuccess}>
          {submit.isPending ? t`Registering…` : t`Register`}
        </button>
      </div>
    </form>
  );
}
