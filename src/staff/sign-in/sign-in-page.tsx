import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { STAFF_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS, type StaffSignInStep } from '../../../contract/staff';
import { isApiError } from '../../lib/http';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { setCsrfToken, takeSessionEnded } from '../api';
import { useStaffNavigate } from '../link';
import { useSignInStep } from '../session/mutations';
import { staffKeys } from '../session/queries';
import { LanguageSwitch } from '../shell/language-switch';
import { staffErrorMessage } from '../staff-errors';
import { StepCredentials } from './step-credentials';
import { StepEnrol } from './step-enrol';
import { StepPassword } from './step-password';
import { StepTotp } from './step-totp';
import type { StepCall } from './types';

type Step = Exclude<StaffSignInStep, { next: 'done' }> | { next: 'credentials' };

/** Username and password, then what the server asks next: an own password, TOTP enrolment, or the TOTP code. */
export function SignInPage() {
  const { i18n, t } = useLingui();
  // read before the effect below drops the CSRF token: a session of this page ended on a call
  const [ended] = useState(takeSessionEnded);
  const idle = STAFF_IDLE_MINUTES;
  const hours = STAFF_SESSION_MAX_HOURS;
  const queryClient = useQueryClient();
  const navigate = useStaffNavigate();
  const online = useOnline();
  const signIn = useSignInStep();
  const [step, setStep] = useState<Step>({ next: 'credentials' });
  // the password step's rule refuses a password holding the username
  const [username, setUsername] = useState('');

  // a new sign-in starts with nothing of the last session
  useEffect(() => {
    setCsrfToken('');
    queryClient.removeQueries({ queryKey: staffKeys.all });
  }, [queryClient]);

  const send = (call: StepCall) => {
    if (call.path === '/api/staff/auth/sign-in') setUsername(call.body.username);
    signIn.mutate(call, {
      onSuccess: (answer) => {
        if (answer.next === 'done') void navigate('/');
        else setStep(answer);
      },
      // the steps' time ran out: from the start (the sentence says so)
      onError: (err) => isApiError(err, 'STAFF_CHALLENGE_EXPIRED') && setStep({ next: 'credentials' }),
    });
  };
  const props = { send, busy: signIn.isPending || !online };

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
        {signIn.error && <FormError message={staffErrorMessage(i18n, signIn.error)} />}
      </main>
    </div>
  );
}
