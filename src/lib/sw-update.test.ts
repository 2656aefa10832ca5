import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, reloadToNewVersion, whenPageSettled } from './sw-update';

/** workbox-window's Workbox: records its registrations. */
const workbox = vi.hoisted(() => ({ registered: 0 }));
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register() {
      workbox.registered += 1;
      return new Promise(() => undefined);
    }
  },
}));

/** A service worker container as the browser gives it: this page controlled, a registration with `found` as its next version. */
function serviceWorkers(found: { waiting?: ServiceWorker; installing?: ServiceWorker }) {
  const container = Object.assign(new EventTarget(), {
    controller: {} as ServiceWorker,
    getRegistration: async () => ({ update: vi.fn(async () => undefined), waiting: null, installing: null, ...found }),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('reloading into a new version', () => {
  it('lets the waiting version take over first, and reloads once it controls the page', async () => {
    const postMessage = vi.fn();
    const container = serviceWorkers({ waiting: { postMessage } as unknown as ServiceWorker });
    const reload = vi.fn();
    await reloadToNewVersion(reload);
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled(); // the old worker would serve the old pages again

    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when no new version waits', async () => {
    serviceWorkers({});
    const reload = vi.fn();
    await reloadToNewVersion(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('waiting for the page to settle before the service worker is registered', () => {
  /** The browser's PerformanceObserver for `supported` entry types: `report(type)` is one such entry now. */
  function performanceObserver(supported: string[] = ['mark', 'resource', 'longtask']) {
    const watching = new Map<string, () => void>();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = supported;
        constructor(private readonly callback: () => void) {}
        observe({ type }: { type: string }) {
          watching.set(type, this.callback);
        }
        disconnect() {
          for (const [type, callback] of watching) if (callback === this.callback) watching.delete(type);
        }
      },
    );
    return { watching, report: (type: string) => watching.get(type)?.() };
  }
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once the page has been quiet for the whole quiet time, counted from its last request or long task, and stops watching', () => {
    const browser = performanceObserver();
    const run = vi.fn();
    whenPageSettled(run, { quietMs: 1000, latestMs: 10_000 });
    expect([...browser.watching.keys()].sort()).toEqual(['longtask', 'resource']);
    vi.advanceTimersByTime(600);
    browser.report('resource'); // a request of the page ended: the chat's words arrive
    vi.advanceTimersByTime(800);
    browser.report('longtask');
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled(); // 2.4 s after the start, but only 0.999 s of quiet
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(browser.watching.size).toBe(0);
    vi.advanceTimersByTime(20_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest time on a page that never goes quiet', () => {
    const browser = performanceObserver();
    const run = vi.fn();
    whenPageSettled(run, { quietMs: 1000, latestMs: 10_000 });
    for (let t = 0; t < 9_900; t += 300) {
      vi.advanceTimersByTime(300);
      browser.report('resource');
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, and stops watching the page', () => {
    const browser = performanceObserver();
    const run = vi.fn();
    const cancel = whenPageSettled(run, { quietMs: 1000, latestMs: 10_000 });
    vi.advanceTimersByTime(500);
    cancel();
    expect(browser.watching.size).toBe(0);
    vi.advanceTimersByTime(20_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('runs after the quiet time where the browser reports neither requests nor long tasks', () => {
    const browser = performanceObserver(['mark']);
    const run = vi.fn();
    whenPageSettled(run, { quietMs: 1000 });
    expect(browser.watching.size).toBe(0);
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('registers the service worker only once the page has settled', () => {
    const browser = performanceObserver();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new EventTarget() });
    const before = workbox.registered;
    registerServiceWorker(() => undefined);
    vi.advanceTimersByTime(900);
    browser.report('resource');
    vi.advanceTimersByTime(900);
    expect(workbox.registered).toBe(before); // the page is not quiet yet: nothing installs beside its start
    vi.advanceTimersByTime(100);
    expect(workbox.registered).toBe(before + 1);
  });
});
