import { uploadFile } from '../lib/upload';
import { currentCsrfToken, sessionEndedOnCall } from './api';

/**
 * A file to a staff upload route (the inbox's image or video), with its percent as it goes: the session's
 * cookie goes with it, the CSRF token in its header, never a member's token. A 401 ends the session as above.
 */
export async function staffUpload<T>(path: string, file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<T> {
  try {
    return await uploadFile<T>(path, file, {
      anonymous: true,
      headers: currentCsrfToken() ? { 'x-csrf-token': currentCsrfToken() } : {},
      onProgress,
      signal,
    });
  } catch (err) {
    if (err instanceof Error && (err as { status?: number }).status === 401) sessionEndedOnCall();
    throw err;
  }
}
