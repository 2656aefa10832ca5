import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { howtoMediaStrategy } from './howto-media';
import { HOWTO_MEDIA_CACHE } from './howto-names';

const URL_ = 'http://127.0.0.1/howto/wallet.mp4';
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);

/** The worker's event: collects what it must wait for. */
class FakeExtendableEvent extends Event {
  readonly pending: Promise<unknown>[] = [];
  waitUntil(p: Promise<unknown>) {
    this.pending.push(p);
  }
}

/** A cache storage whose put can fail like a full quota, and a server that answers the whole file. */
function world({ quotaFull = false, online = true } = {}) {
  const entries = new Map<string, Response>();
  const cache = {
    match: vi.fn(async (request: Request | string) => entries.get(typeof request === 'string' ? request : request.url)?.clone()),
    put: vi.fn(async (request: Request | string, response: Response) => {
      // a browser's DOMException is an Error (jsdom's, in this test's realm, is not)
      if (quotaFull) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      entries.set(typeof request === 'string' ? request : request.url, response);
    }),
  };
  vi.stubGlobal('caches', { open: vi.fn(async () => cache), match: cache.match });
  const network = vi.fn(async (request: Request) => {
    if (!online) throw new TypeError('Failed to fetch');
    return new Response(BYTES, { status: request.headers.has('range') ? 206 : 200, headers: { 'content-type': 'video/mp4' } });
  });
  vi.stubGlobal('fetch', network);
  return { entries, cache, network };
}

async function ask(range: string | undefined, notify = vi.fn(async () => undefined)) {
  const event = new FakeExtendableEvent('fetch');
  const request = new Request(URL_, range ? { headers: { range } } : {});
  const [response, done] = howtoMediaStrategy(notify).handleAll({ request, event: event as unknown as ExtendableEvent });
  const answer = await response;
  await done;
  await Promise.all(event.pending);
  return { answer, body: new Uint8Array(await answer.arrayBuffer()), notify };
}

describe('how-to videos in the service worker', () => {
  beforeEach(async () => {
    // what a worker's global scope has and jsdom does not (a media request is not a FetchEvent here)
    vi.stubGlobal('ExtendableEvent', FakeExtendableEvent);
    vi.stubGlobal('FetchEvent', class FetchEvent extends FakeExtendableEvent {});
    // the Blob a Response gives is Node's, as in a worker; jsdom's own is another class Workbox's checks refuse
    vi.stubGlobal('Blob', (await new Response('').blob()).constructor);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("parallel first ranges of one video (the player asks for the start and the end's index) share one download", async () => {
    const w = world();
    const strategy = howtoMediaStrategy(vi.fn(async () => undefined));
    const run = async (range: string) => {
      const event = new FakeExtendableEvent('fetch');
      const [response] = strategy.handleAll({
        request: new Request(URL_, { headers: { range } }),
        event: event as unknown as ExtendableEvent,
      });
      return new Uint8Array(await (await response).arrayBuffer());
    };
    const [start, end] = await Promise.all([run('bytes=0-99'), run('bytes=900-999')]);
    expect(w.network).toHaveBeenCalledTimes(1);
    expect(start).toEqual(BYTES.slice(0, 100));
    expect(end).toEqual(BYTES.slice(900, 1000));
  });

  it('a first play fetches the whole file, answers the asked range cut from it, and keeps the file', async () => {
    const w = world();
    const { answer, body, notify } = await ask('bytes=100-199');
    expect(w.network).toHaveBeenCalledTimes(1);
    expect(w.network.mock.calls[0]![0].headers.has('range')).toBe(false);
    expect([answer.status, answer.headers.get('content-range')]).toEqual([206, 'bytes 100-199/1000']);
    expect(body).toEqual(BYTES.slice(100, 200));
    expect(w.entries.has(URL_)).toBe(true);
    expect(notify).toHaveBeenCalledWith(URL_);
    expect(caches.open).toHaveBeenCalledWith(HOWTO_MEDIA_CACHE);
  });

  it('then answers every range, a seek too, from the saved file with the network off', async () => {
    const w = world();
    await ask('bytes=0-');
    w.network.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    const { answer, body } = await ask('bytes=900-');
    expect([answer.status, answer.headers.get('content-range')]).toEqual([206, 'bytes 900-999/1000']);
    expect(body).toEqual(BYTES.slice(900));
    expect(w.network).toHaveBeenCalledTimes(1);
  });

  it('with the quota full, still plays what it fetched, keeps nothing and says nothing was saved', async () => {
    const w = world({ quotaFull: true });
    const { answer, body, notify } = await ask('bytes=0-499');
    expect(answer.status).toBe(206);
    expect(body).toEqual(BYTES.slice(0, 500));
    expect(w.cache.put).toHaveBeenCalled();
    expect(w.entries.size).toBe(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('offline with nothing saved, fails the request (the page says the video is not saved)', async () => {
    world({ online: false });
    await expect(ask('bytes=0-')).rejects.toThrow('Failed to fetch');
  });
});
