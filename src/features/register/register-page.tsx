import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { registerOtpQuery } from '../../lib/lookups';
import { LanguageSelect } from '../../ui/language-select';
import { useHydrated } from '../../ui/use-hydrated';
import { showToast } from '../../ui/toast';
// the error sentences only registration meets, with the register catalog part (not on the sign-in page)
import './register-errors';
import { initialState, registerReducer, verifiedToken } from './reducer';
import { clearProgress, restoreProgress, saveProgress } from './saved-progress';
import { BankStep } from './screens/bank-step';
import { OtpStep } from './screens/otp-step';
import { PhoneStep } from './screens/phone-step';
import { ProfileStep } from './screens/profile-step';
import type { Step } from './types';

export const REDIRECT_AFTER_REGISTER_MS = 2_000;

/** §2 Register in four steps; the OTP step only when registerOTP is on. */
export function RegisterPage({ inviteCode, onRegistered }: { inviteCode: string; onRegistered: (phone: string) => void }) {
  const { t } = useLingui();
  const otpSetting = useQuery(registerOtpQuery());
  // the pre-rendered page shows step 1: while React hydrates it, the first render must too, and the
  // steps saved before a reload come back right after (a page rendered in the browser starts with them)
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(registerReducer, inviteCode, (code) => (hydrated ? restoreProgress(code) : initialState(code)));
  const restoreLater = useRef(!hydrated);
  useEffect(() => {
    if (!restoreLater.current) return;
    restoreLater.current = false;
    dispatch({ type: 'restore', state: restoreProgress(inviteCode) });
  }, [inviteCode]);
  const heading = useRef<HTMLHeadingElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const otpOn = otpSetting.data?.registerOTP ?? true;

  const steps: Step[] = otpOn ? ['phone', 'otp', 'profile', 'bank'] : ['phone', 'profile', 'bank'];
  const titles: Record<Step, string> = {
    phone: t`Your phone number`,
    otp: t`Confirm with OTP`,
    profile: t`Your profile`,
    bank: t`Your bank account`,
  };
  const stepNumber = steps.indexOf(state.step) + 1;
  const stepCount = steps.length;

  // move focus to the new step's heading so screen readers announce it
  useEffect(() => heading.current?.focus(), [state.step]);
  useEffect(() => () => clearTimeout(redirect.current), []);
  useEffect(() => saveProgress(state), [state]);

  function registered() {
    clearProgress();
    showToast(t`Registration complete. Please sign in.`, 'success');
    redirect.current = setTimeout(() => onRegistered(state.phone), REDIRECT_AFTER_REGISTER_MS);
  }

  return (
    <main className="page narrow">
      {/* a visitor who lands here from an invite link chooses the language here too */}
      <div className="login-top">
        <LanguageSelect />
      </div>
      <h1>
        <Trans>Register</Trans>
      </h1>
      <p className="muted" aria-live="polite">
        <Trans>
          Step {stepNumber} of {stepCount}
        </Trans>
      </p>
      <ol className="steps" aria-hidden="true">
        {steps.map((s, i) => (
          <li key={s} className={i + 1 <= stepNumber ? 'done' : undefined} />
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1}>
        {titles[state.step]}
      </h2>
      {state.step === 'phone' && (
        <PhoneStep
          otpOn={otpOn}
          initial={state.phone}
          verified={state.otp}
          onDone={(phone, otp) => dispatch({ type: 'phoneDone', phone, otp })}
        />
      )}
      {state.step === 'otp' && state.otp && (
        <OtpStep
          phone={state.phone}
          otp={state.otp}
          onDone={(otp) => dispatch({ type: 'otpDone', otp })}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
      {state.step === 'profile' && (
        <ProfileStep
          phone={state.phone}
          otpToken={verifiedToken(state)}
          initial={state.profile}
          onDone={(profile) => dispatch({ type: 'profileDone', profile })}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
      {state.step === 'bank' && (
        <BankStep
          phone={state.phone}
          otpToken={verifiedToken(state)}
          profile={state.profile}
          onDone={registered}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
    </main>
  );
}
