import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { showToast } from '../toast';
import { useOneAtATime } from '../use-one-at-a-time';
// the OTP codes' sentences come with the form, in the register catalog part (lingui.config.ts)
import './otp-errors';
import { FormError } from '../field';

/**
 * The texted code's entry, as registration and a forgotten password both ask for it: the phone and the
 * reference the text carries, the 6 digits, verify, a new code, and the way back to the phone number.
 * An OTP_VERIFIED answer (a second tap after the first went through) counts as verified.
 */
export function OtpCodeForm({
  phone,
  otpRef,
  verify,
  resend,
  onVerified,
  onBack,
}: {
  phone: string;
  otpRef: string;
  verify: (code: string) => Promise<unknown>;
  /** asks for a new code; the caller keeps its new reference and token */
  resend: () => Promise<unknown>;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const once = useOneAtATime();

  const run = (kind: 'verify' | 'resend', start: () => Promise<unknown>) =>
    once(async () => {
      setBusy(kind);
      try {
        await start();
      } finally {
        setBusy(null);
      }
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.length !== 6) return;
    run('verify', () =>
      verify(code).then(onVerified, (err: Error) =>
        isApiError(err, 'OTP_VERIFIED') ? onVerified() : setError(errorMessage(i18n, err.message)),
      ),
    );
  }

  const again = () =>
    run('resend', () =>
      resend().then(
        () => {
          setCode('');
          setError('');
          showToast(t`A new OTP has been sent.`, 'success');
        },
        (err: Error) => setError(errorMessage(i18n, err.message)),
      ),
    );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>
        <Trans>
          We sent a 6-digit code to {phone}. Reference: <strong>{otpRef}</strong>
        </Trans>
      </p>
      <div className="field">
        <label htmlFor={id}>{t`OTP code`}</label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, ''));
            setError('');
          }}
        />
      </div>
      <FormError message={error} />
      <button type="submit" className="button primary block" disabled={busy === 'verify' || code.length !== 6}>
        {busy === 'verify' ? t`Checking…` : t`Verify`}
      </button>
      <div className="row between">
        <button type="button" className="button ghost" onClick={onBack}>
          {t`Change phone number`}
        </button>
        <button type="button" className="button ghost" onClick={again} disabled={busy === 'resend'}>
          {t`Send a new code`}
        </button>
      </div>
    </form>
  );
}
