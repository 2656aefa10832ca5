import { Workbox } from 'workbox-window';

export interface SwUpdate {
  /** Activates the waiting version; the page reloads when it takes control. */
  apply(): void;
}

/** How long the page has been quiet (no request of its own ended, no long task) before its service worker is registered. */
const QUIET_MS = 1000;
/** The latest the registration waits, whatever the page still does. */
const LATEST_MS = 10_000;

/**
 * Calls `run` once the page's own start is over: when for `quietMs` no request of the page has ended and no
 * long task has run (watchActivity), at the latest after `latestMs`; where the browser reports neither, after
 * `quietMs`. Returns what cancels it.
 */
export function whenPageSettled(run: () => void, { quietMs = QUIET_MS, latestMs = LATEST_MS } = {}): () => void {
  const started = performance.now();
  let last = started;
  const stop = watchActivity(() => {
    last = performance.now();
  });
  const check = () => {
    const wait = Math.min(last + quietMs, started + latestMs) - performance.now();
    if (wait > 0) {
      timer = setTimeout(check, wait);
      return;
    }
    stop();
    run();
  };
  let timer = setTimeout(check, quietMs);
  return () => {
    clearTimeout(timer);
    stop();
  };
}

/** The page's requests as they end and its long tasks (PerformanceObserver), where the browser reports them. */
function watchActivity(onActivity: () => void): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  const observers = ['resource', 'longtask']
    .filter((type) => PerformanceObserver.supportedEntryTypes?.includes(type))
    .map((type) => {
      const observer = new PerformanceObserver(onActivity);
      observer.observe({ type });
      return observer;
    });
  return () => observers.forEach((observer) => observer.disconnect());
}

/**
 * Registers the service worker (workbox-window) and reports when a new version is waiting. The page
 * reloads once, when the new version takes control, and only after the member asked for it: no loop.
 * src/ui/update-prompt.tsx loads this module after the page's load event, and the registration waits
 * until the page's own start is over (whenPageSettled): a first install fetches and stores about 1 MB
 * (Chromium compiles the scripts it stores then, ahead of their use), which, begun at the load event, ran
 * beside the page's start and lengthened its tasks (Lighthouse on `/contact`, 7 runs each in turn: median
 * blocking time 334 ms registered at the load event, 108 ms once the page was quiet; docs/measurements.md).
 * What ends the wait is requests that ended: one still on its way after a second of quiet (a slow chunk)
 * does not hold it. A page with no worker yet that needs one waits for it (push: lib/member/push.ts).
 */
export function registerServiceWorker(onUpdateReady: (update: SwUpdate) => void): void {
  if (!('serviceWorker' in navigator)) return;
  whenPageSettled(() => register(onUpdateReady));
}

function register(onUpdateReady: (update: SwUpdate) => void): void {
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
