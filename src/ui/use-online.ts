import { useSyncExternalStore } from 'react';

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** Whether the browser believes it has a connection; actions that need the network check it. */
export function useOnline(): boolean {
  // the pre-rendered page assumes online; hydration then reads the real state
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
