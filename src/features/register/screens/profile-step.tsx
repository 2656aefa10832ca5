import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { cleanName, passwordRule, PASSWORD_MIN, stripUnsafe } from '../../../../contract/account-rules';
import { errorMessage } from '../../../lib/errors';
import { sourcesQuery } from '../../../lib/lookups';
import { FormError, SelectField, TextField, useSaid } from '../../../ui/field';
import { useOneAtATime } from '../../../ui/use-one-at-a-time';
import { useValidateAccount } from '../mutations';
import type { ProfileValues } from '../types';

export function ProfileStep({
  phone,
  otpToken,
  initial,
  onDone,
  onBack,
}: {
  phone: string;
  otpToken: string | undefined;
  initial: ProfileValues;
  onDone: (values: ProfileValues) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const sources = useQuery(sourcesQuery());
  const [values, setValues] = useState(initial);
  const [error, setError] = useSaid();
  const once = useOneAtATime();
  const set = (key: keyof ProfileValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError('');
  };

  const validate = useValidateAccount();
  const check = () =>
    validate.mutateAsync(
      {
        name: cleanName(values.name),
        username: phone,
        password: values.password,
        sourceCode: values.sourceCode,
        inviteCode: values.inviteCode.trim(),
        bankCode: '',
        bankAccountName: '',
        bankAccountNo: '',
        ...(otpToken ? { otpToken } : {}),
      },
      { onSuccess: () => onDone(values), onError: (err) => setError(() => errorMessage(i18n, err.message)) },
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    // §5: an empty required field stops silently; the fields are marked required for assistive tech
    if (!values.name.trim() || !values.password || !values.confirm) return;
    if (passwordRule(values.password)) return setError(() => t`Password must be at least ${PASSWORD_MIN} characters.`);
    if (values.password !== values.confirm) return setError(() => t`Passwords don't match`);
    once(check);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={t`Full name`}
        value={values.name}
        onChange={(v) => set('name')(stripUnsafe(v))}
        autoComplete="name"
        required
        maxLength={100}
      />
      <TextField
        label={t`Password`}
        type="password"
        value={values.password}
        onChange={set('password')}
        autoComplete="new-password"
        required
      />
      <TextField
        label={t`Confirm password`}
        type="password"
        value={values.confirm}
        onChange={set('confirm')}
        autoComplete="new-password"
        required
      />
      <SelectField label={t`How did you hear about us?`} value={values.sourceCode} onChange={set('sourceCode')}>
        <option value="">{t`Choose (optional)`}</option>
        {sources.data?.sources.map((s) => (
          <option key={s.code} value={s.code}>
            {s.description}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`Invite code (optional)`}
        value={values.inviteCode}
        onChange={set('inviteCode')}
        autoCapitalize="characters"
        maxLength={12}
      />
      <FormError message={error} />
      <div className="row between">
        <button type="button" className="button ghost" onClick={onBack}>
          {t`Back`}
        </button>
        <button type="submit" className="button primary" disabled={validate.isPending}>
          {validate.isPending ? t`Checking…` : t`Next`}
        </button>
      </div>
    </form>
  );
}
