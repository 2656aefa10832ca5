import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { MONEY_LOOKUPS } from './money-lookups';

const DAY = 24 * 3600;
/** Answers the site must not serve stale when online: the site-active check and the OTP switch. */
const LIVE_LOOKUPS = new Set(['/api/lookup/active', '/api/lookup/registerOTP']);
/**
 * Where a member sends money, and on what terms (sw/money-lookups.ts): never answered from this cache, so
 * an operator's new account reaches the next opening. Offline the site shows its own saved copy with the
 * time it was saved (the query cache), which a cached answer here would hide.
 */
const MONEY_LOOKUP_PATHS = new Set(MONEY_LOOKUPS.map((name) => `/api/lookup/${name}`));

export function registerApiCaching(): void {
  // the site-active check: the network when there is one, else the last answer, a 410 'gone' included,
  // so /terminated still shows offline
  registerRoute(
    ({ url, request }) => request.method === 'GET' && LIVE_LOOKUPS.has(url.pathname),
    new NetworkFirst({
      cacheName: 'live-lookups',
      networkTimeoutSeconds: 5,
      plugins: [new CacheableResponsePlugin({ statuses: [200, 410] }), new ExpirationPlugin({ maxAgeSeconds: 30 * DAY })],
    }),
  );
  // the other lookups change rarely: answer from the cache at once and refresh it behind
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.pathname.startsWith('/api/lookup/') &&
      !LIVE_LOOKUPS.has(url.pathname) &&
      !MONEY_LOOKUP_PATHS.has(url.pathname),
    new StaleWhileRevalidate({
      cacheName: 'lookups',
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 7 * DAY })],
    }),
  );
}
