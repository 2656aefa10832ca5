import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadToNewVersion } from './sw-update';

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
