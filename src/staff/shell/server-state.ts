import { useSyncExternalStore } from 'react';

/**
 * The server's own 503 refusals that the console meets, each a service saying it cannot now (its reader's
 * places taken, the upload disk full): the server answered, and they say nothing of its database.
 */
const SERVICE_REFUSALS = new Set(['STATEMENT_BUSY', 'UPLOAD_UNAVAILABLE']);

/**
 * Whether the server can reach its database, as the console's calls find it (issue 39): a 503 says it
 * cannot, from the first one (the call itself is still asked again), unless it is one of SERVICE_REFUSALS
 * (a proxy's 503, whatever its body, is an outage); any answer below 500 says it can. Every screen shows it
 * (unavailable-banner.tsx).
 */
let unavailable = false;
const listeners = new Set<() => void>();

export function noteServerStatus(status: number, code?: string): void {
  const outage = status === 503 && !(code !== undefined && SERVICE_REFUSALS.has(code));
  const now = outage ? true : status < 500 ? false : unavailable;
  if (now === unavailable) return;
  unavailable = now;
  listeners.forEach((listener) => listener());
}

/**
 * What /readyz says now (it answers within 2 s whatever the database does): 'ready'; 'database' when the
 * server cannot reach its database; 'other' when it is not ready for another reason (draining, migrations
 * pending) or gave no answer.
 */
export async function askReadiness(): Promise<'ready' | 'database' | 'other'> {
  try {
    const res = await fetch('/readyz', { cache: 'no-store' });
    if (res.ok) return 'ready';
    return res.status === 503 && ((await res.json()) as { status?: string }).status === 'database unavailable' ? 'database' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * A call not answered after this long makes the console ask /readyz: a database host that hangs (no
 * refusal, so the server's own wait for a connection runs 10 s) is shown as an outage within 5 s, not
 * after the call's 10 s.
 */
export const SLOW_CALL_MS = 2500;
/** The slow-call ask under way, if any: one at a time. */
let asking: Promise<void> | undefined;

/** Watches one call: when it is slow, asks /readyz (unless an ask is under way) and notes the outage it reports. */
export function watchSlowCall(): () => void {
  const timer = setTimeout(() => {
    if (asking || unavailable) return;
    asking = askReadiness()
      .then((said) => {
        // draining is this instance leaving, not the database: only an answer that names the database counts
        if (said === 'database') noteServerStatus(503);
      })
      .finally(() => {
        asking = undefined;
      });
  }, SLOW_CALL_MS);
  return () => clearTimeout(timer);
}

/** The slow-call ask under way, for a test to wait for its end (a resolved promise when there is none). */
export const slowCallAsk = (): Promise<void> => asking ?? Promise.resolve();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useServerUnavailable = () =>
  useSyncExternalStore(
    subscribe,
    () => unavailable,
    () => false,
  );
