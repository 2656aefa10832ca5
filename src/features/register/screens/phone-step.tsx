import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { PhoneField, phoneProblem } from '../../../ui/otp/phone-field';
import { useHydrated } from '../../../ui/use-hydrated';
import { useOneAtATime } from '../../../ui/use-one-at-a-time';
import { useSendOtp } from '../mutations';
import type { OtpRequest } from '../types';
import { FormError, useSaid } from '../../../ui/field';

export function PhoneStep({
  otpOn,
  initial,
  verified,
  onDone,
}: {
  otpOn: boolean;
  initial: string;
  /** The OTP this visitor already verified (for `initial`), if any: shown to the server instead of a new code. */
  verified: OtpRequest | null;
  onDone: (phone: string, otp: OtpRequest | null) => void;
}) {
  // the pre-rendered form must not post the phone number the browser's way before the app runs
  const hydrated = useHydrated();
  const { t, i18n } = useLingui();
  const [phone, setPhone] = useState(initial);
  const [error, setError] = useSaid();
  const once = useOneAtATime();
  const send = useSendOtp();
  const sendTo = (value: string) =>
    send.mutateAsync(
      { phoneNumber: value, otpToken: value === initial && verified?.verified ? verified.token : undefined },
      {
        // OTP_VERIFIED: this visitor verified the phone a moment ago, so the OTP step is skipped (§4)
        onSuccess: (res) => onDone(value, { ref: res.otpRef, token: res.otpToken, verified: res.code === 'OTP_VERIFIED' }),
        onError: (err) => setError(() => errorMessage(i18n, err.message)),
      },
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = phone.trim();
    if (!value) return;
    const problem = phoneProblem(i18n, value);
    if (problem) return setError(() => phoneProblem(i18n, value) ?? '');
    if (otpOn) once(() => sendTo(value));
    else onDone(value, null);
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate>
      <PhoneField
        value={phone}
        onChange={(digits) => {
          setPhone(digits);
          setError('');
        }}
        invalid={!!error}
      />
      <FormError message={error} />
      <button type="submit" className="button primary block" disabled={send.isPending || !hydrated}>
        {send.isPending ? t`Sending OTP…` : t`Next`}
      </button>
    </form>
  );
}
