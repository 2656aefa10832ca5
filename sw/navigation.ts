import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths the server answers itself; a navigation there must reach the network, never the shell. */
export const SERVER_PATHS = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/play(\/|$)/, /^\/uploads(\/|$)/];

/** Every other navigation (deep links, offline starts) gets the precached shell; the router takes over. */
export function registerNavigation(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));
}
