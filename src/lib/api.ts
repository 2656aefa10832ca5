import { clearToken, getToken } from './auth-token';
import { sendJson } from './http';
import { ownTask } from './own-task';

export { ApiError, isApiError, REQUEST_TIMEOUT_MS, UNAVAILABLE_RETRY_MS } from './http';

export const CLIENT_HEADER = { 'X-Wallet-Client': 'member' } as const;
/** §4: the server's Thai text for "cannot verify identity" means the same as 'invalid-token'. */
const THAI_INVALID_IDENTITY = 'ไม่สามารถยืนยันตัวตนได้';

/** Why a session ended, where the server said (a 401 'invalid-token' with detail INACTIVE_USER: staff disabled the member). */
export type SignedOutReason = 'disabled';

export interface ApiReactions {
  onGone(): void;
  /** `reason`: the sign-in page tells the member why they were signed out. */
  onInvalidToken(reason?: SignedOutReason): void;
}
let reactions: ApiReactions = { onGone: () => undefined, onInvalidToken: () => undefined };
/** The app wires the global §4 reactions (navigate to /terminated or /login) once the router exists. */
export function setApiReactions(r: ApiReactions): void {
  reactions = r;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** false: the caller handles 'gone' and 'invalid-token' itself (the guard, the stale-token check). */
  react?: boolean;
  idempotencyKey?: string;
  /** Extra headers of this one call. */
  headers?: Record<string, string>;
  /** true: sent without the member's token (a guest's chat message sent after a sign-in stays the guest's). */
  anonymous?: boolean;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, react = true } = options;
  // a screen's queries all start in one task (React's effects): each GET is sent in a task of its own, so their
  // sending (fetch's own start alone is a few ms on a slow phone) is short tasks, not one long one a tap would wait
  // for. A call with a body, a POST, goes at once
  if (method === 'GET') await ownTask();
  const headers: Record<string, string> = { ...options.headers, ...CLIENT_HEADER, Accept: 'application/json' };
  const token = !options.anonymous && getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  return sendJson<T>(path, {
    method,
    headers,
    body,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    safe: method === 'GET' || options.idempotencyKey !== undefined,
    code: (code, _status, detail) => (react ? reactTo(code, detail) : code === THAI_INVALID_IDENTITY ? 'invalid-token' : code),
  });
}

/**
 * The global §4 reactions to a failed answer's code (uploads and sockets too, which do not go through fetch);
 * the code as the app names it. `detail`: the answer's, INACTIVE_USER on a session ended by staff disabling the member.
 */
export function reactTo(code: string, detail?: string): string {
  if (code === 'gone') reactions.onGone();
  else if (code === 'invalid-token' || code === THAI_INVALID_IDENTITY) {
    clearToken();
    reactions.onInvalidToken(detail === 'INACTIVE_USER' ? 'disabled' : undefined);
    return 'invalid-token';
  }
  return code;
}
