/** The page's "reload" button posts SKIP_WAITING; only then does a new version take over (no loop). */
export function registerUpdateHandler(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
  });
}
