import { Workbox } from 'workbox-window';

export interface SwUpdate {
  /** Activates the waiting version; the page reloads when it takes control. */
  apply(): void;
}

/**
 * Registers the service worker (workbox-window) and reports when a new version is waiting. The page
 * reloads once, when the new version takes control, and only after the member asked for it: no loop.
 * src/ui/update-prompt.tsx loads this module after the page's own loading, off the first screen's path.
 */
export function registerServiceWorker(onUpdateReady: (update: SwUpdate) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // a version that finished installing while this page (or another tab) was open; not the first install
  wb.addEventListener('waiting', () =>
    onUpdateReady({
      apply() {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    }),
  );
  wb.register()
    .then(() => {
      void navigator.storage?.persist?.();
      // look for a new version every hour while the app stays open
      setInterval(() => void wb.update(), 3_600_000);
    })
    .catch(() => undefined); // no service worker (private mode): the site works online
}
