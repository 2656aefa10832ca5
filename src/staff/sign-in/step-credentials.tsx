import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TextField } from '../../ui/field';
import { useFocusHeading } from '../use-focus-heading';
import type { StepProps } from './types';

export function StepCredentials({ send, busy }: StepProps) {
  const { t } = useLingui();
  const heading = useFocusHeading();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ path: '/api/staff/auth/sign-in', body: { username: username.trim(), password } });
      }}
    >
      <h1 ref={heading} tabIndex={-1}>
        <Trans>Staff sign-in</Trans>
      </h1>
      <TextField label={t`Username`} value={username} onChange={setUsername} autoComplete="username" maxLength={32} required />
      <TextField
        label={t`Password`}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        maxLength={128}
        required
      />
      <button type="submit" disabled={busy}>
        <Trans>Sign in</Trans>
      </button>
    </form>
  );
}
