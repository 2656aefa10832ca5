import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { STAFF_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS, type StaffMe, type StaffSignInStep } from '../../../contract/staff';
import { isApiError } from '../../lib/http';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { setCsrfToken, staffApi, takeSessionEnded } from '../api';
import { LanguageSwitch } from '../shell/language-switch';
import { signInErrorMessage } from './sign-in-errors';
import { StepCredentials } from './step-credentials';
import { StepEnrol } from './step-enrol';
import { StepPassword } from './step-password';
import { StepTotp } from './step-totp';
import type { StepCall } from './types';

type Step = Exclude<StaffSignInStep, { next: 'done' }> | { next: 'credentials' };

/**
 * Username and password, then what the server asks next: an own password, TOTP enrolment, or the TOTP code.
 * It needs none of the console's code (no router, no query cache): the sign-in page loads it alone
 * (src/staff/main.tsx), and the console's own /sign-in route shows it too. `onSignedIn`: the session's staff member.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: (staff: StaffMe) => void }) {
  const { i18n, t } = useLingui();
  // read before the effect below drops the CSRF token: a session of this page ended on a call
  const [ended] = useState(takeSessionEnded);
  const idle = STAFF_IDLE_MINUTES;
  const hours = STAFF_SESSION_MAX_HOURS;
  const online = useOnline();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [step, setStep] = useState<Step>({ next: 'credentials' });
  // the password step's rule refuses a password holding the username
  const [username, setUsername] = useState('');

  // a new sign-in starts with nothing of the last session
  useEffect(() => setCsrfToken(''), []);

  const send = (call: StepCall) => {
    if (call.path === '/api/staff/auth/sign-in') setUsername(call.body.username);
    setPending(true);
    setError(null);
    staffApi<StaffSignInStep>(call.path, { method: 'POST', body: call.body })
      .then(
        (answer) => {
          if (answer.next !== 'done') return setStep(answer);
          setCsrfToken(answer.staff.csrfToken);
          onSignedIn(answer.staff);
        },
        (err: unknown) => {
          setError(err);
          // the steps' time ran out: from the start (the sentence says so)
          if (isApiError(err, 'STAFF_CHALLENGE_EXPIRED')) setStep({ next: 'credentials' });
        },
      )
      .finally(() => setPending(false));
  };
  const props = { send, busy: pending || !online };

  return (
    <div className="staff-sign-in">
      <LanguageSwitch />
      <main className="staff-panel">
        {step.next === 'credentials' && <StepCredentials {...props} />}
        {step.next === 'credentials' && ended && (
          <p role="status">{t`You were signed out: a session ends after ${idle} minutes without use, and ${hours} hours after signing in.`}</p>
        )}
        {step.next === 'set-password' && <StepPassword {...props} username={username} />}
        {step.next === 'enrol-totp' && <StepEnrol {...props} otpauthUri={step.otpauthUri} qrDataUrl={step.qrDataUrl} />}
        {step.next === 'totp' && <StepTotp {...props} />}
        {error !== null && <FormError message={signInErrorMessage(i18n, error)} />}
      </main>
    </div>
  );
}
