import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadToNewVersion, whenPageSettled } from './sw-update';

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
  afterEach(() => {
    vi.useRealTimers();
  });
  /** A page whose requests and long tasks the test makes: `activity()` is one of them ending now. */
  function page() {
    let onActivity: (() => void) | undefined;
    let watching = false;
    return {
      watch: (on: () => void) => {
        onActivity = on;
        watching = true;
        return () => void (watching = false);
      },
      activity: () => onActivity?.(),
      get watching() {
        return watching;
      },
    };
  }

  it('runs once the page has been quiet for the whole quiet time, counted from its last request or long task', () => {
    vi.useFakeTimers();
    const p = page();
    const run = vi.fn();
    whenPageSettled(run, { quietMs: 1000, latestMs: 10_000, watch: p.watch });
    vi.advanceTimersByTime(600);
    p.activity(); // the chat's words arrive
    vi.advanceTimersByTime(900);
    expect(run).not.toHaveBeenCalled(); // 1.5 s after the start, but only 0.9 s of quiet
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(p.watching).toBe(false);
    vi.advanceTimersByTime(20_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest time on a page that never goes quiet', () => {
    vi.useFakeTimers();
    const p = page();
    const run = vi.fn();
    whenPageSettled(run, { quietMs: 1000, latestMs: 10_000, watch: p.watch });
    for (let t = 0; t < 9_900; t += 300) {
      vi.advanceTimersByTime(300);
      p.activity();
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, and stops watching the page', () => {
    vi.useFakeTimers();
    const p = page();
    const run = vi.fn();
    const cancel = whenPageSettled(run, { quietMs: 1000, latestMs: 10_000, watch: p.watch });
    vi.advanceTimersByTime(500);
    cancel();
    expect(p.watching).toBe(false);
    vi.advanceTimersByTime(20_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('runs after the quiet time where the browser reports no requests or long tasks', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenPageSettled(run, { quietMs: 1000 }); // jsdom: no PerformanceObserver for resources or long tasks
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
