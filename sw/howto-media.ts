import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { HOWTO_MEDIA_CACHE, VIDEO_SAVED } from './howto-names';
import { SERVER_PATHS } from './navigation';
import { WholeVideoFirst } from './whole-video-strategy';

const VIDEO_FILE = /\.(mp4|m4v|webm)$/i;

/** The strategy for the site's videos (the how-to page's): see WholeVideoFirst. */
export function howtoMediaStrategy(notify: (url: string) => Promise<void>): WholeVideoFirst {
  return new WholeVideoFirst(
    {
      cacheName: HOWTO_MEDIA_CACHE,
      // only a whole file is kept (a 206 piece or an error never is); ranges are cut from it
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new RangeRequestsPlugin()],
    },
    notify,
  );
}

/**
 * How-to videos cache-first with range requests: once played, a video and its seeks are answered
 * from the cache, offline too; the pages are told when one is saved, to mark it.
 */
export function registerHowtoMedia(sw: ServiceWorkerGlobalScope): void {
  const notify = async (url: string) => {
    for (const client of await sw.clients.matchAll({ type: 'window' })) client.postMessage({ type: VIDEO_SAVED, url });
  };
  registerRoute(
    // only the how-to videos (the setting keeps them under /howto/): a chat attachment is a member's, never kept here
    ({ url, request, sameOrigin }) =>
      sameOrigin &&
      request.method === 'GET' &&
      url.pathname.startsWith('/howto/') &&
      (request.destination === 'video' || VIDEO_FILE.test(url.pathname)) &&
      !SERVER_PATHS.some((p) => p.test(url.pathname)),
    howtoMediaStrategy(notify),
  );
}
