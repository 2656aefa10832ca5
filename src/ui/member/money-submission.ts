import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { getMember } from '../../lib/auth-token';

/** One submission, one key: a retry of the same submission reuses it, so money moves once. */
const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/** A lost answer: the server may have done it, so the retry must carry the same key. */
export const answerLost = (err: Error | null) => err?.message === 'NETWORK_ERROR' || err?.message === 'TIMEOUT';

/**
 * A lost answer is asked again with its key, which the server answers as the first try: these are the
 * waits before each check while online (offline, the check waits for the connection and that wait does
 * not count). After the last, the submission ends with ANSWER_UNKNOWN and its key stays kept: asking the
 * same again later is still answered, never done twice. Writable for the tests.
 */
export const checkTiming = { delaysMs: [1_000, 2_000, 4_000, 8_000, 15_000] };
/** The code a submission ends with when its answer could not be learned yet. */
export const ANSWER_UNKNOWN = 'ANSWER_UNKNOWN';

/** Resolves after `ms` once the browser is online (at once on the 'online' event if it was offline). */
function beforeCheck(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      window.addEventListener('online', () => resolve(), { once: true });
      return;
    }
    setTimeout(resolve, ms);
  });
}

/** How long a key waits on the device for its answer (the server keeps a key's answer for a day). */
const PENDING_MS = 12 * 3_600_000;

interface Pending {
  key: string;
  at: number;
}

let store: UseStore | undefined;
const keyStore = () => (store ??= createStore('wallet-money-keys', 'keys'));

/** Keys being settled in this page: two taps at once share one (and one read of IndexedDB). */
const live = new Map<string, Promise<Pending>>();

/**
 * The submission's name on this device: the member, the action and what it asked, hashed (a gift link
 * is a secret: it is never written down as it was typed).
 */
async function submissionId(action: string, input: unknown): Promise<string> {
  const text = `${getMember()}\n${action}\n${JSON.stringify(input ?? null)}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of a submission whose answer is not known yet (kept before it is sent), or a new one. */
function pendingKey(id: string): Promise<Pending> {
  let pending = live.get(id);
  if (!pending) {
    pending = (async () => {
      const saved = await get<Pending>(id, keyStore()).catch(() => undefined);
      if (saved && Date.now() - saved.at < PENDING_MS) return saved;
      const made = { key: newIdempotencyKey(), at: Date.now() };
      // written before the call goes out: a reload, a closed dialog or a lost answer finds it
      await set(id, made, keyStore()).catch(() => undefined);
      return made;
    })();
    live.set(id, pending);
  }
  return pending;
}

/** The answer is known: the next submission of the same ask is a new one. */
async function settled(id: string): Promise<void> {
  live.delete(id);
  await del(id, keyStore()).catch(() => undefined);
}

/**
 * The one way a screen submits a money call (§7 calls that take an Idempotency-Key).
 * - The key belongs to the submission: the member, the action and what it asks. It is kept on the device
 *   (IndexedDB) from before the call is sent until its answer is known, so a retry after a lost answer,
 *   a reload or a closed dialog asking the same again carries the same key, and the server answers it as
 *   the first try: money moves once.
 * - A lost answer is not "no connection": the submission goes on `checking` (the screen says so), asking
 *   again with the same key until the server's answer is known, then ends with it. Only after the checks
 *   run out (checkTiming) does it end with ANSWER_UNKNOWN, the key still kept.
 * - A success or a definite refusal ends it (the next submission is a new one).
 * - Whatever the outcome, the queries in `refresh` are asked again: even a lost answer may have moved
 *   the money.
 */
export function useMoneySubmission<Input, Result>(
  action: string,
  call: (input: Input, key: string) => Promise<Result>,
  refresh: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const mutation = useMutation({
    mutationFn: async (input: Input) => {
      const id = await submissionId(action, input);
      const { key } = await pendingKey(id);
      try {
        for (let check = 0; ; check++) {
          try {
            const result = await call(input, key);
            await settled(id);
            return result;
          } catch (err) {
            if (!answerLost(err as Error)) {
              await settled(id);
              throw err;
            }
            const delay = checkTiming.delaysMs[check];
            if (delay === undefined) throw new Error(ANSWER_UNKNOWN);
            setChecking(true);
            await beforeCheck(delay);
          }
        }
      } finally {
        setChecking(false);
      }
    },
    onSettled: () => {
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    },
  });
  return Object.assign(mutation, { checking });
}
