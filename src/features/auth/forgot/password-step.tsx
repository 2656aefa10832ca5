import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN, passwordRule } from '../../../../contract/account-rules';
import { errorMessage } from '../../../lib/errors';
import { FormError, TextField, useSaid } from '../../../ui/field';
import { useOneAtATime } from '../../../ui/use-one-at-a-time';

/** The new password, under the §5 rule, typed twice; the phone rides along for password managers. */
export function PasswordStep({ phone, save }: { phone: string; save: (password: string) => Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useSaid();
  const [busy, setBusy] = useState(false);
  const once = useOneAtATime();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password || !confirm) return;
    if (passwordRule(password)) return setError(() => t`Password must be at least ${PASSWORD_MIN} characters.`);
    if (password !== confirm) return setError(() => t`Passwords don't match`);
    once(async () => {
      setBusy(true);
      await save(password).catch((err: Error) => setError(() => errorMessage(i18n, err.message)));
      setBusy(false);
    });
  }

  const edit = (set: (v: string) => void) => (v: string) => (set(v), setError(''));
  return (
    <form className="form" onSubmit={submit} noValidate>
      <input type="hidden" name="username" autoComplete="username" value={phone} />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={edit(setPassword)}
        required
      />
      <TextField
        label={t`Confirm new password`}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={edit(setConfirm)}
        required
      />
      <p className="hint">{t`Every device signed in to your account will be signed out.`}</p>
      <FormError message={error} />
      <button type="submit" className="button primary block" disabled={busy}>
        {busy ? t`Saving…` : t`Set the new password`}
      </button>
    </form>
  );
}
