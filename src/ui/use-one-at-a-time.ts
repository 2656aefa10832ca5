import { useCallback, useRef } from 'react';

/**
 * Runs a request unless one started here is still running. A mutation's isPending only reaches the
 * button after a render, so a quick double click would otherwise send the request twice.
 */
export function useOneAtATime(): (start: () => Promise<unknown>) => void {
  const busy = useRef(false);
  return useCallback((start) => {
    if (busy.current) return;
    busy.current = true;
    start()
      .catch(() => undefined) // the mutation's onError shows it
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
