import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFocusHeading } from '../use-focus-heading';
import { CodeField } from './code-field';
import type { StepProps } from './types';

/** The key inside the otpauth:// URI, for an app that cannot scan (shown in groups of four). */
export function secretOf(otpauthUri: string): string {
  try {
    const secret = new URL(otpauthUri).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})(?=.)/g, '$1 ');
  } catch {
    return '';
  }
}

/** Two-step sign-in's enrolment: scan the QR (or type the key), then the first code confirms it. */
export function StepEnrol({ send, busy, otpauthUri, qrDataUrl }: StepProps & { otpauthUri: string; qrDataUrl: string }) {
  const { t } = useLingui();
  const heading = useFocusHeading();
  const [code, setCode] = useState('');
  const secret = secretOf(otpauthUri);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ path: '/api/staff/auth/totp', body: { code } });
      }}
    >
      <h1 ref={heading} tabIndex={-1}>
        <Trans>Set up two-step sign-in</Trans>
      </h1>
      <ol className="staff-steps">
        <li>
          <Trans>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or another) and scan this code.
          </Trans>
          <img className="staff-qr" src={qrDataUrl} alt={t`QR code for your authenticator app`} width={200} height={200} />
        </li>
        {secret && (
          <li>
            <Trans>If you cannot scan it, enter this key in the app by hand:</Trans>{' '}
            <code className="staff-secret" aria-label={t`Key: ${secret}`}>
              {secret}
            </code>
          </li>
        )}
        <li>
          <Trans>Enter the 6-digit code the app shows now.</Trans>
        </li>
      </ol>
      <CodeField value={code} onChange={setCode} />
      <button type="submit" disabled={busy || code.length !== 6}>
        <Trans>Confirm</Trans>
      </button>
    </form>
  );
}
