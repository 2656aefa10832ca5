import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { LanguageSelect } from '../../../ui/language-select';
import type { Say } from '../../../ui/field';
import { OtpCodeForm } from '../../../ui/otp/otp-code-form';
import { showToast } from '../../../ui/toast';
import { useForgotPassword, useResetPassword, useVerifyResetCode } from './mutations';
import './forgot-errors';
import { PasswordStep } from './password-step';
import { PhoneStep } from './phone-step';

type Step = { name: 'phone'; error?: Say } | { name: 'code' } | { name: 'password' };

/**
 * A forgotten password (issue 21): the registered phone, the texted code, the new password. Done, the
 * member goes to the sign-in page with the phone filled in (`onDone`); every session was ended.
 */
export function ForgotPasswordPage({ onDone }: { onDone: (phone: string) => void }) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState({ ref: '', token: '' });
  const heading = useRef<HTMLHeadingElement>(null);
  const forgot = useForgotPassword();
  const verify = useVerifyResetCode();
  const reset = useResetPassword();

  // a new step's heading takes the focus, so screen readers announce it
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [step.name]);

  const send = (value: string) =>
    forgot.mutateAsync(value).then((res) => {
      setPhone(value);
      setOtp({ ref: res.otpRef, token: res.otpToken });
      setStep({ name: 'code' });
    });
  const save = (newPassword: string) =>
    reset.mutateAsync({ phoneNumber: phone, otpToken: otp.token, newPassword }).then(
      () => {
        showToast(t`Your password is changed. Please sign in with the new one.`, 'success');
        onDone(phone);
      },
      (err: Error) => {
        // used or too late: only a new code helps, from the phone step
        if (!isApiError(err, 'PASSWORD_RESET_INVALID')) throw err;
        setStep({ name: 'phone', error: () => errorMessage(i18n, err.message) });
      },
    );

  const titles = { phone: t`Your phone number`, code: t`Confirm with OTP`, password: t`Your new password` };
  return (
    <main className="page narrow">
      <div className="login-top">
        <LanguageSelect />
      </div>
      <h1>
        <Trans>Forgot password</Trans>
      </h1>
      <h2 ref={heading} tabIndex={-1}>
        {titles[step.name]}
      </h2>
      {step.name === 'phone' && <PhoneStep initial={phone} error={step.error} send={send} />}
      {step.name === 'code' && (
        <OtpCodeForm
          phone={phone}
          otpRef={otp.ref}
          verify={(otpCode) => verify.mutateAsync({ otpToken: otp.token, otpCode })}
          resend={() => forgot.mutateAsync(phone).then((res) => setOtp({ ref: res.otpRef, token: res.otpToken }))}
          onVerified={() => setStep({ name: 'password' })}
          onBack={() => setStep({ name: 'phone' })}
        />
      )}
      {step.name === 'password' && <PasswordStep phone={phone} save={save} />}
      <p className="center muted">
        <Link to="/login" className="tap-link">
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </main>
  );
}
