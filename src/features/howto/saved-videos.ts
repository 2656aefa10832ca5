import { useEffect, useState } from 'react';
// two constants shared with the service worker, so the names cannot drift apart
import { HOWTO_MEDIA_CACHE, VIDEO_SAVED } from '../../../sw/howto-names';

/** Saved videos the operator no longer lists are deleted: the cache holds only what the page can play. */
async function pruneUnlisted(urls: string[]): Promise<void> {
  const listed = new Set(urls.map((u) => new URL(u, location.href).href));
  const cache = await caches.open(HOWTO_MEDIA_CACHE);
  for (const request of await cache.keys()) if (!listed.has(request.url)) await cache.delete(request);
}

async function savedOf(urls: string[]): Promise<Set<string>> {
  const saved = new Set<string>();
  if (typeof caches === 'undefined') return saved; // no Cache API (an old browser, or not a secure origin): nothing is saved
  if (urls.length) await pruneUnlisted(urls).catch(() => undefined);
  await Promise.all(
    urls.map(async (url) => {
      const hit = await caches.match(new URL(url, location.href).href, { cacheName: HOWTO_MEDIA_CACHE }).catch(() => undefined);
      if (hit) saved.add(url);
    }),
  );
  return saved;
}

/**
 * Which of these videos this device can play without a connection: those the service worker holds
 * whole. Asked again when the service worker says it saved one, and whenever `recheck` changes.
 */
export function useSavedVideos(urls: string[], recheck: unknown): Set<string> {
  const [saved, setSaved] = useState<Set<string>>(() => new Set());
  const key = urls.join('\n');
  useEffect(() => {
    let live = true;
    const ask = () => void savedOf(key ? key.split('\n') : []).then((s) => live && setSaved(s));
    ask();
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === VIDEO_SAVED) ask();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      live = false;
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [key, recheck]);
  return saved;
}
