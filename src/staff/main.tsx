import './staff.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { StaffMe } from '../../contract/staff';
import { isApiError } from '../lib/http';
import { setCsrfToken, staffApi, startStaffApi } from './api';
import { initStaffI18n } from './i18n';
import { ConsoleUnreachable } from './sign-in/console-unreachable';
import { SignInShell } from './sign-in/sign-in-shell';

/**
 * The console's start: who is signed in, then either the sign-in page, which loads nothing else of the
 * console (no router, no query cache, no socket: src/staff/sign-in), or the console itself (console.tsx,
 * its own chunks). After signing in, the console opens where the staff member was going.
 */
const BASE = '/staff';
const SIGN_IN = `${BASE}/sign-in`;

startStaffApi();
const root = createRoot(document.getElementById('root')!);

/** The session's staff member; null when there is none (401); undefined when it could not be told (the console then says why). */
async function whoIsSignedIn(): Promise<StaffMe | null | undefined> {
  try {
    const me = await staffApi<StaffMe>('/api/staff/me');
    setCsrfToken(me.csrfToken);
    return me;
  } catch (err) {
    return isApiError(err) && err.status === 401 ? null : undefined;
  }
}

async function openConsole(me?: StaffMe) {
  try {
    const { renderConsole } = await import('./console');
    await renderConsole(root, me);
  } catch {
    // its code or words did not arrive: said so, never a sign-in that leads nowhere or a blank page
    root.render(
      <StrictMode>
        <ConsoleUnreachable />
      </StrictMode>,
    );
  }
}

const asked = location.pathname.replace(/\/+$/, '') || BASE;
const onSignIn = asked === SIGN_IN;
const [, me] = await Promise.all([initStaffI18n(), onSignIn ? null : whoIsSignedIn()]);
if (me === null) {
  // the address asked for, to open once signed in (the sign-in's own: the dashboard)
  const then = onSignIn ? `${BASE}/` : location.pathname + location.search;
  if (!onSignIn) history.replaceState(null, '', SIGN_IN);
  root.render(
    <StrictMode>
      <SignInShell
        onSignedIn={(staff) => {
          history.replaceState(null, '', then);
          void openConsole(staff);
        }}
      />
    </StrictMode>,
  );
} else void openConsole(me);
