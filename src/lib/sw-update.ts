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

/**
 * Reloads into the newest version, for a page whose files are gone (src/ui/route-error.tsx): a new
 * service worker that is waiting, or found by asking now, takes over first; otherwise the reload would
 * be served this version's pages again by the old one. Without a service worker, a plain reload.
 */
export async function reloadToNewVersion(reload: () => void = () => window.location.reload()): Promise<void> {
  const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  const registration = await sw?.getRegistration().catch(() => undefined);
  await registration?.update().catch(() => undefined);
  const next = registration?.waiting ?? registration?.installing;
  if (!sw?.controller || !next) return reload();
  sw.addEventListener('controllerchange', reload, { once: true });
  next.postMessage({ type: 'SKIP_WAITING' }); // as the update prompt's Reload (sw/update.ts)
  // an install that does not finish: the plain reload, rather than a page that waits for good
  setTimeout(reload, 10_000);
}
