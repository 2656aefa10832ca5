/**
 * The one way the apps call the server: JSON over fetch with a timeout, a failed answer reduced to its
 * code, and a short retry when the database was away for a moment. The member app (api.ts) adds its
 * bearer token and the §4 reactions; the staff console (src/staff/api.ts) its cookie and CSRF header.
 */

/** A failed call, reduced to the code the user sees a message for (§8 or NETWORK_ERROR/TIMEOUT). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    /** The answer's `detail`, where the server explains a refusal (a setting's value: where and why it does not match). */
    readonly detail?: string,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * 503 SERVICE_UNAVAILABLE: the server lost its database for a moment (a restart, a dropped connection).
 * A call that is safe to send again (a GET, or a POST with an Idempotency-Key, whose replay is answered
 * once) is tried again after these pauses before the user sees the error.
 */
export const UNAVAILABLE_RETRY_MS = [1_000, 3_000];

export interface SendOptions {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** true: a 503 SERVICE_UNAVAILABLE is asked again (see UNAVAILABLE_RETRY_MS). */
  safe: boolean;
  /** Told every answer's status (and a failed one's code) as it arrives, a 503 that is asked again included (the console's outage notice). */
  onStatus?: (status: number, code?: string) => void;
  /** The code the caller's error carries (the caller reacts to some codes: a session that ended, and why: `detail`). */
  code?: (code: string, status: number, detail?: string) => string;
}

/** A failed answer's code (and `detail`) as the server gave it. */
export async function codeOf(res: Response): Promise<{ code: string; detail?: string }> {
  try {
    const body = (await res.json()) as { message?: unknown; detail?: unknown };
    if (typeof body.message === 'string' && body.message)
      return { code: body.message, ...(typeof body.detail === 'string' && { detail: body.detail }) };
  } catch {
    // not JSON (a proxy's error page): fall through
  }
  return { code: res.status >= 500 ? 'INTERNAL_SERVER_ERROR' : `HTTP_${res.status}` };
}

export async function sendJson<T>(path: string, options: SendOptions): Promise<T> {
  const { method, headers, body } = options;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const failed = (err: unknown) => {
    if (timeout.aborted) return new ApiError('TIMEOUT', 0);
    if (options.signal?.aborted) return err;
    return new ApiError('NETWORK_ERROR', 0);
  };
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      // same-origin cookies (fetch's default, said here): the staff session is one
      const init = {
        method,
        headers,
        // a form (a file) goes as multipart, its boundary set by fetch
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal,
        credentials: 'same-origin' as const,
      };
      res = await fetch(path, init);
    } catch (err) {
      throw failed(err);
    }
    if (res.ok) {
      options.onStatus?.(res.status);
      return (res.status === 204 ? undefined : await res.json()) as T;
    }
    const { code, detail } = await codeOf(res);
    options.onStatus?.(res.status, code);
    if (code === 'SERVICE_UNAVAILABLE' && options.safe && attempt < UNAVAILABLE_RETRY_MS.length) {
      await pause(UNAVAILABLE_RETRY_MS[attempt]! * (0.75 + Math.random() / 2), signal).catch((err: unknown) => {
        throw failed(err);
      });
      continue;
    }
    throw new ApiError(options.code ? options.code(code, res.status, detail) : code, res.status, detail);
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

export function isApiError(err: unknown, code?: string): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code);
}
