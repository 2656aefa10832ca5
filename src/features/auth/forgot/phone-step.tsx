import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { FormError, useSaid, type Say } from '../../../ui/field';
import { PhoneField, phoneProblem } from '../../../ui/otp/phone-field';
import { useHydrated } from '../../../ui/use-hydrated';
import { useOneAtATime } from '../../../ui/use-one-at-a-time';

/** The registered phone the code goes to; `error`: why the member is back here (a reset that came too late). */
export function PhoneStep({ initial, error: shown, send }: { initial: string; error?: Say; send: (phone: string) => Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const [phone, setPhone] = useState(initial);
  const [error, setError] = useSaid(shown);
  const [busy, setBusy] = useState(false);
  const once = useOneAtATime();
  // the pre-rendered form (before the app has started) cannot send the code: its button waits for the app
  const hydrated = useHydrated();

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = phone.trim();
    if (!value) return;
    const problem = phoneProblem(i18n, value);
    if (problem) return setError(() => phoneProblem(i18n, value) ?? '');
    once(async () => {
      setBusy(true);
      await send(value).catch((err: Error) => setError(() => errorMessage(i18n, err.message)));
      setBusy(false);
    });
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate>
      <p>{t`Enter the phone number you registered with. We will text it a code.`}</p>
      <PhoneField value={phone} onChange={(digits) => (setPhone(digits), setError(''))} invalid={!!error} />
      <FormError message={error} />
      <button type="submit" className="button primary block" disabled={busy || !hydrated}>
        {busy ? t`Sending OTP…` : t`Send the code`}
      </button>
    </form>
  );
}
