import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { STAFF_PASSWORD_DISTINCT, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, staffPasswordProblem } from '../../../contract/staff';
import { FormError, TextField } from '../../ui/field';
import { useFocusHeading } from '../use-focus-heading';
import type { StepProps } from './types';

/** The first sign-in: a password of one's own replaces the one-time password (the rule is contract/staff.ts'). */
export function StepPassword({ send, busy, username }: StepProps & { username: string }) {
  const { t } = useLingui();
  const heading = useFocusHeading();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState('');
  const min = STAFF_PASSWORD_MIN;
  const distinct = STAFF_PASSWORD_DISTINCT;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const weak = staffPasswordProblem(password, username);
        if (weak === 'short') return setProblem(t`The password needs at least ${min} characters.`);
        if (weak === 'few-characters')
          return setProblem(t`The password needs at least ${distinct} different characters, not counting spaces.`);
        if (weak === 'has-username') return setProblem(t`The password must not contain your username.`);
        if (password !== confirm) return setProblem(t`The two passwords are not the same.`);
        setProblem('');
        send({ path: '/api/staff/auth/password', body: { newPassword: password } });
      }}
    >
      <h1 ref={heading} tabIndex={-1}>
        <Trans>Choose your password</Trans>
      </h1>
      <p id="staff-password-rule">
        <Trans>
          Replace the one-time password with your own: at least {min} characters, at least {distinct} of them different, without your
          username or the one-time password. A long phrase is easier to remember and harder to guess.
        </Trans>
      </p>
      <TextField
        label={t`New password`}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        maxLength={STAFF_PASSWORD_MAX}
        aria-describedby="staff-password-rule"
        required
      />
      <TextField
        label={t`New password again`}
        type="password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        maxLength={STAFF_PASSWORD_MAX}
        required
      />
      <FormError message={problem} />
      <button type="submit" disabled={busy}>
        <Trans>Save the password</Trans>
      </button>
    </form>
  );
}
