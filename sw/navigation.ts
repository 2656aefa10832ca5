import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { PRERENDERED_PAGES } from '../contract/prerendered-pages';

/**
 * Paths the server answers itself; a navigation there must reach the network, never the shell. /staff
 * is the staff console, another app with its own page (server/src/modules/system/static-site.ts).
 */
export const SERVER_PATHS = [
  /^\/api(\/|$)/,
  /^\/socket\.io(\/|$)/,
  /^\/play(\/|$)/,
  /^\/uploads(\/|$)/,
  /^\/csp-report$/,
  /^\/staff(\/|$)/,
];

/**
 * A navigation to a pre-rendered page (contract/prerendered-pages.ts) gets that page from the precache (it paints before the
 * scripts run, as from the server); every other one (deep links, offline starts) gets the precached
 * shell, and the router takes over.
 */
export function registerNavigation(): void {
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
    registerRoute(new NavigationRoute(createHandlerBoundToURL(file), { allowlist: [new RegExp(`^${pathname}/?$`)] }));
  }
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));
}
