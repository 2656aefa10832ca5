import { useState } from 'react';

/** One submission, one key: a retry of the same submission reuses it, so money moves once. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/**
 * The key of the form's current submission, and what to do when it ends: a success or a definite
 * refusal ends it (the next submission is a new one); a lost answer (no connection, timeout) keeps the
 * key, so the member's retry is answered as the first try was.
 */
export function useSubmissionKey(): [key: string, ended: (err?: Error) => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const ended = (err?: Error) => {
    if (err?.message !== 'NETWORK_ERROR' && err?.message !== 'TIMEOUT') setKey(newIdempotencyKey());
  };
  return [key, ended];
}
