/// <reference lib="webworker" />

/** What the server sends (server/src/modules/push/service.ts): written in the device's language. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A message as it came, or undefined when it is not one of ours (never shown as garbage). */
export function pushMessageOf(text: string | undefined): PushMessage | undefined {
  try {
    const data = JSON.parse(text ?? '') as Partial<PushMessage>;
    if (typeof data.title !== 'string' || typeof data.body !== 'string') return undefined;
    // a tap opens one of the app's own screens, never another site
    const url = typeof data.url === 'string' && /^\/(?!\/)[a-z/]*$/.test(data.url) ? data.url : '/user/home';
    return { title: data.title.slice(0, 120), body: data.body.slice(0, 300), url, tag: typeof data.tag === 'string' ? data.tag : 'wallet' };
  } catch {
    return undefined;
  }
}

/**
 * Web Push (issue 38): a notice the server sent is shown as a notification (its tag: a notice sent again
 * replaces itself), unless the member has the app in front of them, where the live event already
 * updated the screen. A tap focuses the app on the notice's screen, or opens it there.
 */
export function registerPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event: PushEvent) => {
    const message = pushMessageOf(event.data?.text());
    if (!message) return;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        if (windows.some((w) => w.focused && w.visibilityState === 'visible')) return;
        await sw.registration.showNotification(message.title, {
          body: message.body,
          tag: message.tag,
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          data: { url: message.url },
        });
      })(),
    );
  });

  sw.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const url = (event.notification.data as { url?: string } | null)?.url ?? '/user/home';
    event.waitUntil(
      (async () => {
        // a window of the app this worker controls is focused there; else a new one opens on the screen
        const open = (await sw.clients.matchAll({ type: 'window' }))[0];
        const moved = open ? await open.navigate(url).catch(() => null) : null;
        if (moved) await moved.focus();
        else await sw.clients.openWindow(url);
      })(),
    );
  });
}
