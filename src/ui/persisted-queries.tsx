import { IsRestoringProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * Restores the saved query cache once `mounted` resolves (the first render committed, and on a
 * pre-rendered page its hydration done: data arriving earlier would make the rest differ from the
 * HTML), then keeps saving it. Until then queries wait (useIsRestoring) instead of showing "nothing
 * saved" or fetching twice.
 */
export function PersistedQueries({ client, mounted, children }: { client: QueryClient; mounted: Promise<unknown>; children: ReactNode }) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let stopped = false;
    let stopSaving: (() => void) | undefined;
    void mounted
      .then(() => import('../lib/persistence'))
      .then((m) => (stopped ? undefined : m.restoreAndPersist(client)))
      .then((stop) => (stopped ? stop?.() : (stopSaving = stop)))
      .catch(() => undefined) // no IndexedDB (private mode): the app works, it only forgets
      .finally(() => !stopped && setRestoring(false));
    return () => {
      stopped = true;
      stopSaving?.();
    };
  }, [client, mounted]);
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
