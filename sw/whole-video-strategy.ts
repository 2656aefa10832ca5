import { createPartialResponse } from 'workbox-range-requests';
import { Strategy, type StrategyHandler } from 'workbox-strategies';

/**
 * Cache-first for videos, where every answer the player gets is cut by the service worker from the
 * whole file: the saved copy (cut by the RangeRequestsPlugin the strategy is given), or, not saved
 * yet, the whole file fetched now without a Range header, then saved (only a complete 200 answer can
 * serve later ranges: a 206 piece never can). Chromium refuses a video whose ranges mix network
 * answers with ones the worker made ("data source error"), so a first play never streams straight
 * from the network. When saving fails (the quota is full: cache.put rejects with QuotaExceededError)
 * the video still plays from what was fetched; it is just not kept. `onSaved` runs once it is kept.
 */
export class WholeVideoFirst extends Strategy {
  constructor(
    options: ConstructorParameters<typeof Strategy>[0],
    private readonly onSaved: (url: string) => Promise<void> = async () => undefined,
  ) {
    super(options);
  }

  /** The whole file per URL while it is being fetched: the player's parallel first ranges share one download. */
  private readonly fetching = new Map<string, Promise<Response>>();

  async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const saved = await handler.cacheMatch(request);
    if (saved) return saved;
    let download = this.fetching.get(request.url);
    if (!download) {
      download = this.download(request.url, handler).finally(() => this.fetching.delete(request.url));
      this.fetching.set(request.url, download);
    }
    const whole = (await download).clone();
    if (whole.status !== 200) return whole;
    if (request.headers.has('range')) return createPartialResponse(request, whole);
    return new Response(whole.body, { status: whole.status, statusText: whole.statusText, headers: whole.headers });
  }

  private async download(url: string, handler: StrategyHandler): Promise<Response> {
    const whole = await handler.fetch(new Request(url, { credentials: 'same-origin' }));
    if (whole.status !== 200) return whole;
    handler.waitUntil(
      handler.cachePut(url, whole.clone()).then(
        (kept) => (kept ? this.onSaved(url) : undefined),
        () => undefined, // the quota, or a full disk: played from the network, not kept
      ),
    );
    return whole;
  }
}
