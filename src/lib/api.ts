import { clearToken, getToken } from './auth-token';

/** A failed call, reduced to the code the member sees a message for (§8 or NETWORK_ERROR/TIMEOUT). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const CLIENT_HEADER = { 'X-Wallet-Client': 'member' } as const;
export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * 503 SERVICE_UNAVAILABLE: the server lost its database for a moment (a restart, a dropped connection).
 * A call that is safe to send again (a GET, or a POST with an Idempotency-Key, whose replay is answered
 * once) is tried again after these pauses before the member sees the error.
 */
export const UNAVAILABLE_RETRY_MS = [1_000, 3_000];
/** §4: the server's Thai text for "cannot verify identity" means the same as 'invalid-token'. */
const THAI_INVALID_IDENTITY = 'ไม่สามารถยืนยันตัวตนได้';

export interface ApiReactions {
  onGone(): void;
  onInvalidToken(): void;
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

async function codeOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON (a proxy's error page): fall through
  }
  return res.status >= 500 ? 'INTERNAL_SERVER_ERROR' : `HTTP_${res.status}`;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, react = true } = options;
  const headers: Record<string, string> = { ...options.headers, ...CLIENT_HEADER, Accept: 'application/json' };
  const token = !options.anonymous && getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const safe = method === 'GET' || options.idempotencyKey !== undefined;
  const failed = (err: unknown) => {
    if (timeout.aborted) return new ApiError('TIMEOUT', 0);
    if (options.signal?.aborted) return err;
    return new ApiError('NETWORK_ERROR', 0);
  };
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (err) {
      throw failed(err);
    }
    if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
    const code = await codeOf(res);
    if (code === 'SERVICE_UNAVAILABLE' && safe && attempt < UNAVAILABLE_RETRY_MS.length) {
      await pause(UNAVAILABLE_RETRY_MS[attempt]! * (0.75 + Math.random() / 2), signal).catch((err: unknown) => {
        throw failed(err);
      });
      continue;
    }
    throw new ApiError(react ? reactTo(code) : code === THAI_INVALID_IDENTITY ? 'invalid-token' : code, res.status);
  }
}

/** Waits `ms`, or rejects as soon as the call is aborted (the caller's signal or the timeout). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/** The global §4 reactions to a failed answer's code (uploads too, which do not go through fetch); the code as the app names it. */
export function reactTo(code: string): string {
  if (code === 'gone') reactions.onGone();
  else if (code === 'invalid-token' || code === THAI_INVALID_IDENTITY) {
    clearToken();
    reactions.onInvalidToken();
    return 'invalid-token';
  }
  return code;
}

export function isApiError(err: unknown, code?: string): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code);
}
