/**
 * Registers the service worker and reports when a new version is waiting. Written out instead of
 * workbox-window (about 3 KB gzip on the login route, whose budget has no room for it).
 * The page reloads once, on `controllerchange`, only after the member asked for the update: no loop.
 */
export interface SwUpdate {
  /** Activates the waiting version; the page reloads when it takes control. */
  apply(): void;
}

export function registerServiceWorker(onUpdateReady: (update: SwUpdate) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        void navigator.storage?.persist?.();
        let asked = false;
        const offer = (worker: ServiceWorker) =>
          onUpdateReady({
            apply() {
              asked = true;
              worker.postMessage({ type: 'SKIP_WAITING' });
            },
          });
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (asked) window.location.reload();
        });
        // a version that finished installing while no tab let it take over
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // with no controller this is the first install, not an update
            if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
          });
        });
        // look for a new version every hour while the app stays open
        setInterval(() => void registration.update(), 3_600_000);
      })
      .catch(() => undefined); // no service worker (private mode): the site works online
  // after the page's own loading, so the worker's precache does not compete with it
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
