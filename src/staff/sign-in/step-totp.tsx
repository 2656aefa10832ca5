import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useFocusHeading } from '../use-focus-heading';
import { CodeField } from './code-field';
import type { StepProps } from './types';

export function StepTotp({ send, busy }: StepProps) {
  const heading = useFocusHeading();
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ path: '/api/staff/auth/totp', body: { code } });
      }}
    >
      <h1 ref={heading} tabIndex={-1}>
        <Trans>Two-step sign-in</Trans>
      </h1>
      <p>
        <Trans>Enter the 6-digit code your authenticator app shows now.</Trans>
      </p>
      <CodeField value={code} onChange={setCode} />
      <button type="submit" disabled={busy || code.length !== 6}>
        <Trans>Confirm</Trans>
      </button>
    </form>
  );
}
