import { useSyncExternalStore } from 'react';

/**
 * Whether the server can reach its database, as the console's calls find it (issue 39): a 503
 * SERVICE_UNAVAILABLE says it cannot, from the first one (the call itself is still asked again); any
 * answer below 500 says it can. Every screen shows it (unavailable-banner.tsx).
 */
let unavailable = false;
const listeners = new Set<() => void>();

export function noteServerStatus(status: number): void {
  const now = status === 503 ? true : status < 500 ? false : unavailable;
  if (now === unavailable) return;
  unavailable = now;
  listeners.forEach((listener) => listener());
}

/**
 * A call not answered after this long makes the console ask /readyz, which answers within 2 s whatever
 * the database does: a database host that hangs (no refusal, so the server's own wait for a connection
 * runs 10 s) is shown as an outage within 5 s, not after the call's 10 s.
 */
export const SLOW_CALL_MS = 2500;
let probing = false;

/** Watches one call: when it is slow, asks /readyz once (one ask at a time) and notes an outage it reports. */
export function watchSlowCall(): () => void {
  const timer = setTimeout(() => {
    if (probing || unavailable) return;
    probing = true;
    fetch('/readyz', { cache: 'no-store' })
      .then(async (res) => {
        // draining is this instance leaving, not the database: only an answer that names the database counts
        if (res.status === 503 && ((await res.json()) as { status?: string }).status === 'database unavailable') noteServerStatus(503);
      })
      .catch(() => undefined)
      .finally(() => {
        probing = false;
      });
  }, SLOW_CALL_MS);
  return () => clearTimeout(timer);
}

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
