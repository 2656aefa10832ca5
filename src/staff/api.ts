import { sendJson } from '../lib/http';

/**
 * The staff console's calls to /api/staff/*: the session is an HttpOnly cookie the browser sends (never
 * the member's bearer token), and every changing call carries the session's CSRF token. A 401 outside
 * the sign-in's own steps means the session ended (idle, revoked): the console goes back to the sign-in.
 */
let csrfToken = '';
let onSignedOut: () => void = () => undefined;

/** Kept from GET /api/staff/me or the sign-in's last step. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** The console wires the way back to the sign-in once its router exists. */
export function setStaffReactions(r: { onSignedOut: () => void }): void {
  onSignedOut = r.onSignedOut;
}

export interface StaffRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
}

const SIGN_IN_STEPS = /^\/api\/staff\/auth\//;

export function staffApi<T>(path: string, { method = 'GET', body, signal }: StaffRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  return sendJson<T>(path, {
    method,
    headers,
    body,
    signal,
    safe: method === 'GET',
    code: (code, status) => {
      // the sign-in's steps answer 401 for a wrong password or code: the step shows it
      if (status === 401 && !SIGN_IN_STEPS.test(path)) onSignedOut();
      return code;
    },
  });
}
