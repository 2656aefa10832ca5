import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

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

/** The public pages the build pre-rendered (scripts/prerender.ts), each served as it is, online or not. */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/login': 'login.html',
  '/register': 'register.html',
  '/howto': 'howto.html',
  '/contact': 'contact.html',
  '/terminated': 'terminated.html',
};

/**
 * A navigation to a pre-rendered page gets that page from the precache (it paints before the
 * scripts run, as from the server); every other one (deep links, offline starts) gets the precached
 * shell, and the router takes over.
 */
export function registerNavigation(): void {
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
    registerRoute(new NavigationRoute(createHandlerBoundToURL(file), { allowlist: [new RegExp(`^${pathname}/?$`)] }));
  }
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));
}
