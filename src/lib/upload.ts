import { ApiError, CLIENT_HEADER, reactTo } from './api';
import { getToken } from './auth-token';

/** §9: chat and slip uploads may take 300 s. */
export const UPLOAD_TIMEOUT_MS = 300_000;

export interface UploadOptions {
  /** The multipart field name (§7: `file`). */
  field?: string;
  idempotencyKey?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** see RequestOptions.anonymous */
  anonymous?: boolean;
  /** More request headers (the staff console's CSRF token). */
  headers?: Record<string, string>;
}

/**
 * A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can), with the
 * same headers, error codes and §4 reactions as every other call. Cancelled: rejects with an AbortError.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(CLIENT_HEADER)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = !options.anonymous && getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const { message, detail } = (body ?? {}) as { message?: unknown; detail?: unknown };
      const code = typeof message === 'string' && message ? message : xhr.status >= 500 ? 'INTERNAL_SERVER_ERROR' : `HTTP_${xhr.status}`;
      reject(new ApiError(reactTo(code, typeof detail === 'string' ? detail : undefined), xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 0));
    xhr.ontimeout = () => reject(new ApiError('TIMEOUT', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    if (options.signal?.aborted) return xhr.abort();
    const form = new FormData();
    form.append(options.field ?? 'file', file, file instanceof File ? file.name : 'upload');
    xhr.send(form);
  });
}
