import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SignedOutReason } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { EARLY_PENDING_EVENT, EARLY_REFUSAL_EVENT } from '../../lib/early-events';
import { infoQuery } from '../../lib/lookups';
import { LanguageSelect } from '../../ui/language-select';
import { useHydrated } from '../../ui/use-hydrated';
import { useLogin } from './mutations';
import { useSaid } from '../../ui/field';

export interface LoginPageProps {
  /** Called with the token stored; the route decides where to go. */
  onSignedIn: () => void;
  /** Called as the sign-in is sent (the route starts loading what comes after it). */
  onSubmitting?: () => void;
  /** The phone just registered or given a new password, filled in for the member. */
  phone?: string;
  /** Why the member was signed out, where the server said: 'disabled' (staff disabled the account) is told. */
  signedOut?: SignedOutReason;
}

/** §2 Login: phone, password, remember, inline error cleared on typing. */
export function LoginPage({ onSignedIn, onSubmitting, phone: filled = '', signedOut }: LoginPageProps) {
  const { t, i18n } = useLingui();
  const ids = { phone: useId(), password: useId(), remember: useId(), error: useId() };
  const hydrated = useHydrated();
  // the pre-rendered form has the field empty: while React hydrates it, so does the first render
  const [phone, setPhone] = useState(hydrated ? filled : '');
  const fillLater = useRef(!hydrated && filled);
  useEffect(() => {
    if (fillLater.current) setPhone(fillLater.current);
    fillLater.current = '';
  }, []);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useSaid();
  const info = useQuery(infoQuery());
  const login = useLogin(remember);
  // a sign-in the pre-rendered form sent before the app started, refused: said once the app has started
  // (src/lib/early-answer.ts; an event, so this page does not load that module)
  useEffect(() => {
    const hear = (e: Event) => setError(() => errorMessage(i18n, (e as CustomEvent<string>).detail));
    document.addEventListener(EARLY_REFUSAL_EVENT, hear);
    return () => document.removeEventListener(EARLY_REFUSAL_EVENT, hear);
  }, [i18n, setError]);
  // one the pre-rendered form sent while the app drew this form (another language): on its way, this form waits
  const [earlyPending, setEarlyPending] = useState(false);
  useEffect(() => {
    const hear = (e: Event) => setEarlyPending((e as CustomEvent<boolean>).detail);
    document.addEventListener(EARLY_PENDING_EVENT, hear);
    return () => document.removeEventListener(EARLY_PENDING_EVENT, hear);
  }, []);
  const signingIn = login.isPending || earlyPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!phone || !password || signingIn) return;
    login.mutate(
      { username: phone.trim(), password },
      { onSuccess: onSignedIn, onError: (err) => setError(() => errorMessage(i18n, err.message)) },
    );
    onSubmitting?.();
  }

  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError('');
  };

  return (
    <main className="page narrow">
      <div className="login-top">
        <LanguageSelect />
      </div>
      <div className="brand">
        <img src="/icons/favicon.svg" alt="" width={56} height={56} />
        {info.data && <p className="brand-name">{info.data.name}</p>}
      </div>
      <h1>
        <Trans>Sign in</Trans>
      </h1>
      {signedOut === 'disabled' && (
        <p className="notice" role="status">
          <Trans>
            Your account was disabled by our staff.{' '}
            <Link to="/contact" className="tap-link">
              Contact support
            </Link>{' '}
            to use it again.
          </Trans>
        </p>
      )}
      {/* pre-rendered: src/lib/early-sign-in.ts sends it before the app has started; without that script the
          button stays disabled (method post: never the password in the address) */}
      <form
        className="form"
        method="post"
        onSubmit={submit}
        noValidate
        aria-describedby={error ? ids.error : undefined}
        data-early-sign-in=""
      >
        <div className="field">
          <label htmlFor={ids.phone}>{t`Phone number`}</label>
          <input
            id={ids.phone}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="username"
            required
            value={phone}
            onChange={(e) => edit(setPhone)(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.password}>{t`Password`}</label>
          <input
            id={ids.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => edit(setPassword)(e.target.value)}
          />
        </div>
        <div className="check">
          <input id={ids.remember} name="remember" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <label htmlFor={ids.remember}>{t`Remember me on this device`}</label>
        </div>
        {error && (
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        )}
        {/* disabled until a script handles the submit (src/lib/early-sign-in.ts, then React's) */}
        <button type="submit" className="button primary block" disabled={signingIn || !hydrated}>
          {signingIn ? t`Signing in…` : t`Sign in`}
        </button>
      </form>
      <p className="center">
        <Link to="/forgot-password" className="tap-link">
          <Trans>Forgot password?</Trans>
        </Link>
      </p>
      <p className="center muted">
        <Trans>
          New here?{' '}
          <Link to="/register" className="tap-link">
            Register
          </Link>
        </Trans>
      </p>
    </main>
  );
}
