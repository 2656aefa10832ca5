import { IsRestoringProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

/** The saved query cache coming back: `done` once it has (or could not: no IndexedDB, a broken cache). */
export interface Restore {
  promise: Promise<void>;
  done: boolean;
}

/** Follows a restore begun elsewhere (src/main.tsx); whatever it ends with, the app goes on without it. */
export function followRestore(started: Promise<unknown>): Restore {
  const restore: Restore = {
    promise: started.then(
      () => undefined,
      () => undefined, // no IndexedDB (private mode): the app works, it only forgets
    ),
    done: false,
  };
  void restore.promise.then(() => (restore.done = true));
  return restore;
}

/**
 * Until the saved query cache is back (src/main.tsx starts it: at once on a member's screen, after the
 * hydration of a pre-rendered page, whose HTML was made with no saved data), queries wait
 * (useIsRestoring) instead of showing "nothing saved" or fetching twice.
 */
export function PersistedQueries({ restore, children }: { restore: Restore; children: ReactNode }) {
  const [restoring, setRestoring] = useState(!restore.done);
  useEffect(() => {
    let stopped = false;
    void restore.promise.then(() => !stopped && setRestoring(false));
    return () => {
      stopped = true;
    };
  }, [restore]);
  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}
