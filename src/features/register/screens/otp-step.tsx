import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { showToast } from '../../../ui/toast';
import { sendOtp, verifyOtp } from '../api';
import { useOneAtATime } from '../use-one-at-a-time';
import type { OtpRequest } from '../types';

export function OtpStep({
  phone,
  otp,
  onDone,
  onBack,
}: {
  phone: string;
  otp: OtpRequest;
  onDone: (verified: OtpRequest) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [request, setRequest] = useState(otp);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const once = useOneAtATime();

  const verify = useMutation({
    mutationFn: (value: string) => verifyOtp(request.token, value),
    onSuccess: () => onDone({ ...request, verified: true }),
    onError: (err) =>
      isApiError(err, 'OTP_VERIFIED') ? onDone({ ...request, verified: true }) : setError(errorMessage(i18n, err.message)),
  });
  const resend = useMutation({
    mutationFn: () => sendOtp(phone),
    onSuccess: (res) => {
      setRequest({ ref: res.otpRef, token: res.otpToken, verified: false });
      setCode('');
      setError('');
      showToast(t`A new OTP has been sent.`, 'success');
    },
    onError: (err) => setError(errorMessage(i18n, err.message)),
  });

  const otpRef = request.ref;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.length !== 6) return;
    once(() => verify.mutateAsync(code));
  }

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
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary block" disabled={verify.isPending || code.length !== 6}>
        {verify.isPending ? t`Checking…` : t`Verify`}
      </button>
      <div className="row between">
        <button type="button" className="button ghost" onClick={onBack}>
          {t`Change phone number`}
        </button>
        <button type="button" className="button ghost" onClick={() => once(() => resend.mutateAsync())} disabled={resend.isPending}>
          {t`Send a new code`}
        </button>
      </div>
    </form>
  );
}
