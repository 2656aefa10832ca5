import { STAFF_BACKGROUND_HEADER } from '../../contract/staff';
import { sendJson } from '../lib/http';
import { noteServerStatus, watchSlowCall } from './shell/server-state';

/**
 * The staff console's calls to /api/staff/*: the session is an HttpOnly cookie the browser sends (never
 * the member's bearer token), and every changing call carries the session's CSRF token. A 401 outside
 * the sign-in's own steps means the session ended (idle, revoked): the console goes back to the sign-in.
 */
let csrfToken = '';
let onSignedOut: () => void = () => undefined;
/** A session this page held ended (not: there was none): the sign-in says why. */
let sessionEnded = false;

/**
 * A call made when nobody has touched the page for this long is the console's own (a timed refresh):
 * it carries STAFF_BACKGROUND_HEADER and the server does not count it as use, so a console left open
 * still signs out after the idle minutes.
 */
export const STAFF_IDLE_AFTER_MS = 60_000;
let lastUse = 0;
let watching = false;

/**
 * The console started: no session known yet, a person opened it, and from now on every touch, key,
 * focus change or return to the tab is use.
 */
export function startStaffApi(): void {
  csrfToken = '';
  sessionEnded = false;
  lastUse = Date.now();
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const used = () => {
    lastUse = Date.now();
  };
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) window.addEventListener(type, used, { capture: true, passive: true });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && used());
}

/** Whether the last session ended under this page (read once: the sign-in page says so, then forgets). */
export function takeSessionEnded(): boolean {
  const ended = sessionEnded;
  sessionEnded = false;
  return ended;
}

/** Kept from GET /api/staff/me or the sign-in's last step. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** The console wires the way back to the sign-in once its router exists. */
export function setStaffReactions(r: { onSignedOut: () => void }): void {
  onSignedOut = r.onSignedOut;
}

export interface StaffRequest {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
}

const SIGN_IN_STEPS = /^\/api\/staff\/auth\//;

export function staffApi<T>(path: string, { method = 'GET', body, signal }: StaffRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (Date.now() - lastUse > STAFF_IDLE_AFTER_MS) headers[STAFF_BACKGROUND_HEADER] = '1';
  const settled = watchSlowCall();
  return sendJson<T>(path, {
    method,
    headers,
    body,
    signal,
    safe: method === 'GET',
    onStatus: noteServerStatus,
    code: (code, status) => {
      // the sign-in's steps answer 401 for a wrong password or code: the step shows it
      if (status === 401 && !SIGN_IN_STEPS.test(path)) {
        // a CSRF token means this page had a session (the sign-in page drops it): it ended
        if (csrfToken) sessionEnded = true;
        onSignedOut();
      }
      return code;
    },
  }).finally(settled);
}

/** The session's CSRF token, for a changing call sent another way (staff-upload.ts). */
export const currentCsrfToken = (): string => csrfToken;

/** A 401 on a call sent another way (staff-upload.ts): the session ended, as staffApi reacts. */
export function sessionEndedOnCall(): void {
  if (csrfToken) sessionEnded = true;
  onSignedOut();
}
