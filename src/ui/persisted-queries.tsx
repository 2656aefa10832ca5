import { IsRestoringProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * Restores the saved query cache after the first paint and keeps saving it. Until the restore is
 * done, queries wait (useIsRestoring) instead of showing "nothing saved" or fetching twice.
 */
export function PersistedQueries({ client, children }: { client: QueryClient; children: ReactNode }) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let stopped = false;
    let stopSaving: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      void import('../lib/persistence')
        .then((m) => m.restoreAndPersist(client))
        .then((stop) => (stopped ? stop() : (stopSaving = stop)))
        .catch(() => undefined) // no IndexedDB (private mode): the app works, it only forgets
        .finally(() => !stopped && setRestoring(false));
    });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stopSaving?.();
    };
  }, [client]);
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
