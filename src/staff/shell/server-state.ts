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
