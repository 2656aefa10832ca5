import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isApiError } from '../../lib/api';
import { getMember } from '../../lib/auth-token';

/** One submission, one key: a retry of the same submission reuses it, so money moves once. */
const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/** A lost answer: the server may have done it, so the retry must carry the same key. */
export const answerLost = (err: Error | null) => err?.message === 'NETWORK_ERROR' || err?.message === 'TIMEOUT';

/**
 * A lost answer is asked again with its key, which the server answers as the first try: these are the
 * waits before each check while online (offline, the check waits for the connection instead, and that
 * wait does not use up a check). After the last, the submission ends with ANSWER_UNKNOWN and its key stays kept: asking the
 * same again later is still answered, never done twice. Writable for the tests.
 */
export const checkTiming = { delaysMs: [1_000, 2_000, 4_000, 8_000, 15_000] };
/** The code a submission ends with when its answer could not be learned yet. */
export const ANSWER_UNKNOWN = 'ANSWER_UNKNOWN';

/**
 * Waits `ms` before the next check; offline, until the connection returns instead (true: it waited for
 * the connection, and that wait does not use up a check).
 */
function beforeCheck(ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      window.addEventListener('online', () => resolve(true), { once: true });
      return;
    }
    setTimeout(() => resolve(false), ms);
  });
}

/**
 * What an error says of the submission:
 * - `refused`: a definite answer (a §8 refusal): nothing was done, the next ask is a new submission;
 * - `unknown`: it may have been done (no answer, a timeout, the server's or a proxy's fault, a rate limit
 *   met while checking): asked again with the same key;
 * - `pending`: 409 TRANSFER_PENDING, the money in transit until it finishes by itself: said, the key kept;
 * - `ended`: the session or the site ended (401, 410): the key is kept for when the member is back.
 */
function verdictOf(err: unknown, checking: boolean): 'refused' | 'unknown' | 'ended' | 'pending' {
  if (answerLost(err as Error)) return 'unknown';
  if (!isApiError(err)) return 'refused';
  const { status, code } = err;
  // a 5xx the server chose (QR_FAIL: the gateway refused, nothing was made) is an answer; a fault is not
  const fault = status >= 500 && (code === 'SERVICE_UNAVAILABLE' || code === 'INTERNAL_SERVER_ERROR' || code.startsWith('HTTP_'));
  if (status === 0 || fault || status === 408) return 'unknown';
  // the money is in transit and finishes by itself (the server's other 409s are refusals): the member is
  // told so, and the key stays, so asking the same again is answered by that transfer, never a second one
  if (code === 'TRANSFER_PENDING') return 'pending';
  // refused before anything was done on a first try; while checking, only this check was refused
  if (status === 429) return checking ? 'unknown' : 'refused';
  if (status === 401 || status === 410) return 'ended';
  return 'refused';
}

/** How long a key waits on the device for its answer (the server keeps a key's answer for a day). */
const PENDING_MS = 12 * 3_600_000;

interface Pending {
  key: string;
  at: number;
}

let store: UseStore | undefined;
const keyStore = () => (store ??= createStore('wallet-money-keys', 'keys'));

/** A key, and whether an earlier submission of the same ask made it (its answer was not known then). */
type Found = Pending & { earlier: boolean };

/**
 * Submissions on their way in this page, by what they ask. The same ask again while one is on its way (two
 * taps at once, or the dialog closed while its ask was still checking and opened again) sends nothing of its
 * own: it waits for that one's answer and ends with it. (Its own call with the same key would meet the first
 * still running: the server answers such a twin TRANSFER_PENDING, and the member, told the transfer was in
 * transit while it was done, would ask again.) `owner`: the screen that sent it; `checking` tells each
 * screen waiting on it whether it is checking.
 */
interface Sending {
  owner: object;
  earlier: boolean;
  answer: Promise<unknown>;
  checking: Set<(checking: boolean) => void>;
  /** whether it is checking now (a screen that joins it says so from the start) */
  isChecking: boolean;
}
const sending = new Map<string, Sending>();

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
async function pendingKey(id: string): Promise<Found> {
  const saved = await get<Pending>(id, keyStore()).catch(() => undefined);
  if (saved && Date.now() - saved.at < PENDING_MS) return { ...saved, earlier: true };
  const made = { key: newIdempotencyKey(), at: Date.now() };
  // written before the call goes out: a reload, a closed dialog or a lost answer finds it
  await set(id, made, keyStore()).catch(() => undefined);
  return { ...made, earlier: false };
}

/** The answer is known: the next submission of the same ask is a new one. */
async function settled(id: string): Promise<void> {
  await del(id, keyStore()).catch(() => undefined);
}

/**
 * Sends one submission: its key (kept on the device before the call goes out), the call, and each check of a
 * lost answer with the same key, until the answer is known or the checks run out.
 */
async function send<Input, Result>(
  id: string,
  entry: Sending,
  input: Input,
  call: (input: Input, key: string) => Promise<Result>,
): Promise<Result> {
  const found = await pendingKey(id);
  entry.earlier = found.earlier;
  const tell = (checking: boolean) => {
    entry.isChecking = checking;
    entry.checking.forEach((listener) => listener(checking));
  };
  let checks = 0;
  try {
    for (;;) {
      try {
        const result = await call(input, found.key);
        await settled(id);
        return result;
      } catch (err) {
        const verdict = verdictOf(err, checks > 0);
        if (verdict === 'refused') {
          await settled(id);
          throw err;
        }
        // 'ended', 'pending': the key stays on the device (IndexedDB, with its age)
        if (verdict === 'ended' || verdict === 'pending') throw err;
        const delay = checkTiming.delaysMs[checks];
        if (delay === undefined) throw new Error(ANSWER_UNKNOWN);
        tell(true);
        if (!(await beforeCheck(delay))) checks += 1;
      }
    }
  } finally {
    tell(false);
  }
}

/**
 * The one way a screen submits a money call (§7 calls that take an Idempotency-Key).
 * - The key belongs to the submission: the member, the action and what it asks. It is kept on the device
 *   (IndexedDB) from before the call is sent until its answer is known, so a retry after a lost answer,
 *   a reload or a closed dialog asking the same again carries the same key, and the server answers it as
 *   the first try: money moves once.
 * - A lost answer is not "no connection": the submission goes on `checking` (the screen says so), asking
 *   again with the same key until the server's answer is known, then ends with it; a fault is no answer.
 *   Only after the checks run out (checkTiming) does it end with ANSWER_UNKNOWN, the key still kept on the
 *   device (for 12 hours); so does a transfer in transit (TRANSFER_PENDING), until it has finished.
 * - A success or a definite refusal ends it (the next submission is a new one); an ended session keeps
 *   the key for when the member signs in again.
 * - Whatever the outcome, the queries in `refresh` are asked again: even a lost answer may have moved
 *   the money.
 * - `earlier.current`: whether the last submission carried the key of an earlier one whose answer was not known
 *   (after a reload, a closed dialog, checks that ran out): its answer is that earlier ask's, and the screen
 *   says so (a member who asked twice learns it was done once).
 */
export function useMoneySubmission<Input, Result>(
  action: string,
  call: (input: Input, key: string) => Promise<Result>,
  refresh: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  // what the last submission found, read by the screen when it answers (not drawn: not state); the object
  // itself is this screen's own, which its asks in this page carry (`sending`'s owner)
  const earlier = useRef(false);
  const mutation = useMutation({
    mutationFn: async (input: Input): Promise<Result> => {
      const id = await submissionId(action, input);
      // (nothing awaited from here until the entry is set: a second tap finds it)
      const joined = sending.get(id);
      const entry: Sending = joined ?? {
        owner: earlier,
        earlier: false,
        answer: Promise.resolve(),
        checking: new Set(),
        isChecking: false,
      };
      entry.checking.add(setChecking);
      setChecking(entry.isChecking);
      if (!joined) {
        entry.answer = send(id, entry, input, call);
        sending.set(id, entry);
      }
      try {
        return (await entry.answer) as Result;
      } finally {
        if (sending.get(id) === entry) sending.delete(id);
        entry.checking.delete(setChecking);
        // another screen's ask answers this one: it was an earlier ask
        earlier.current = entry.earlier || entry.owner !== earlier;
      }
    },
    onSettled: () => {
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    },
  });
  return { ...mutation, checking, earlier };
}
