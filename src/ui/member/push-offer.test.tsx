import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { until } from '../../../tests/until';
import { setToken } from '../../lib/auth-token';
import { forgetPushOnSignOut, markPushOfferDue, pushOfferDue, pushState, READY_WAIT_MS } from '../../lib/member/push';
import PushOffer from './push-offer';
import { PushSwitch } from './push-switch';

/** A browser with push: a service worker registration whose push manager records what it was asked. */
function browserWithPush(permission: NotificationPermission, answer: NotificationPermission = 'granted', { firstVisit = false } = {}) {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  };
  let subscribed = false;
  const pushManager = {
    getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
    subscribe: vi.fn(async () => ((subscribed = true), subscription)),
  };
  const notification = { permission, requestPermission: vi.fn(async () => ((notification.permission = answer), answer)) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  // a first visit: no registration until the app registers its worker, once the page is quiet (lib/sw-update.ts)
  let registered = !firstVisit;
  let ready!: () => void;
  const readyPromise = new Promise((resolve) => (ready = () => ((registered = true), resolve({ pushManager }))));
  if (!firstVisit) ready();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => (registered ? { pushManager } : undefined), ready: readyPromise },
  });
  return { pushManager, notification, subscription, ready };
}

const routes = (account = { on: true }) => ({
  'GET /api/push/preference': () => [200, account] as [number, unknown],
  'PUT /api/push/preference': (body: unknown) => ((account = body as { on: boolean }), [200, account] as [number, unknown]),
  'GET /api/push/key': () => [200, { publicKey: 'BPUBLIC' }] as [number, unknown],
  'PUT /api/push/subscription': () => [200, { message: 'SUCCESS' }] as [number, unknown],
  'POST /api/push/unsubscribe': () => [200, { message: 'SUCCESS' }] as [number, unknown],
});

describe('the offer of notifications', () => {
  beforeEach(async () => {
    await setLocale('en');
    setToken('member-token', true, `08${Math.floor(Math.random() * 1e8)}`);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is never made before a first deposit or chat, then once; a tap asks the browser and registers the device', async () => {
    const { pushManager, notification } = browserWithPush('default');
    const calls = fakeServer(routes());
    // a first visit: nothing offered, the browser never asked
    expect(await pushOfferDue()).toBe(false);
    expect(notification.requestPermission).not.toHaveBeenCalled();

    await markPushOfferDue();
    renderScreen(<PushOffer />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText(/Notifications are on: we will tell you on this phone/)).toBeVisible();
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BPUBLIC' });
    expect(calls.find((c) => c.url === '/api/push/subscription')?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: 'p', auth: 'a' },
      lang: 'en',
    });
  });

  it('says so when the member blocks notifications, and is not made again after "Not now"', async () => {
    browserWithPush('default', 'denied');
    fakeServer(routes());
    await markPushOfferDue();
    const view = renderScreen(<PushOffer />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for this site.');
    // nothing here can turn them on now: no button that would, only OK
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await until(() => view.container.textContent === '');
    view.unmount();

    setToken('member-token', true, '0899999999');
    browserWithPush('default');
    await markPushOfferDue();
    const again = renderScreen(<PushOffer />);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await until(() => again.container.textContent === '');
    // answered: not made again on this device for this member
    expect(await pushOfferDue()).toBe(false);
  });

  it('is made as soon as it is earned while the app is open (the first deposit), not at the next opening', async () => {
    browserWithPush('default');
    fakeServer(routes());
    const view = renderScreen(<PushOffer />);
    await until(() => view.container.textContent === '');
    await markPushOfferDue();
    expect(await screen.findByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  });

  it('is not made to a member who turned notifications off for their account on another phone', async () => {
    const { notification } = browserWithPush('default');
    const calls = fakeServer(routes({ on: false }));
    await markPushOfferDue();
    const view = renderScreen(<PushOffer />);
    await until(() => calls.some((c) => c.url === '/api/push/preference'));
    expect(view.container.textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    expect(notification.requestPermission).not.toHaveBeenCalled();
  });

  it("the profile's account switch stops every phone, and shows this phone's switch again once on", async () => {
    browserWithPush('granted');
    const calls = fakeServer(routes());
    renderScreen(<PushSwitch />);
    const account = await screen.findByRole('checkbox', { name: 'Notifications for my account' });
    expect(account).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tell me on this phone' })).not.toBeChecked();
    fireEvent.click(account);
    expect(await screen.findByText(/Off: none of your phones is told/)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Notifications for my account' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Tell me on this phone' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Notifications for my account' }));
    expect(await screen.findByRole('checkbox', { name: 'Tell me on this phone' })).toBeVisible();
    expect(screen.queryByText(/Off: none of your phones is told/)).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/push/preference', { on: false }],
      ['/api/push/preference', { on: true }],
    ]);
  });

  it('says so when the account switch could not be changed, and leaves it as it was', async () => {
    browserWithPush('granted');
    fakeServer({ ...routes(), 'PUT /api/push/preference': () => [503, { message: 'SERVICE_UNAVAILABLE' }] as [number, unknown] });
    renderScreen(<PushSwitch />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Notifications for my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work just now.');
    expect(screen.getByRole('checkbox', { name: 'Notifications for my account' })).toBeChecked();
  });

  it('offline, both switches wait for the connection and say why, instead of failing', async () => {
    browserWithPush('granted');
    const calls = fakeServer(routes());
    renderScreen(<PushSwitch />);
    const account = await screen.findByRole('checkbox', { name: 'Notifications for my account' });
    const phone = screen.getByRole('checkbox', { name: 'Tell me on this phone' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(account).toBeDisabled();
      expect(phone).toBeDisabled();
      expect(account).toHaveAccessibleDescription('You are offline: this needs the internet.');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    }
    act(() => void window.dispatchEvent(new Event('online')));
    expect(account).toBeEnabled();
    expect(screen.queryByText('You are offline: this needs the internet.')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("the profile's switch turns this phone off and on, and says why when it cannot", async () => {
    browserWithPush('granted');
    const calls = fakeServer(routes());
    renderScreen(<PushSwitch />);
    const box = await screen.findByRole('checkbox', { name: 'Tell me on this phone' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await until(() => (screen.getByRole('checkbox', { name: 'Tell me on this phone' }) as HTMLInputElement).checked);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tell me on this phone' }));
    await until(() => !(screen.getByRole('checkbox', { name: 'Tell me on this phone' }) as HTMLInputElement).checked);
    expect(calls.filter((c) => c.url.startsWith('/api/push/')).map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/push/preference',
      'GET /api/push/key',
      'PUT /api/push/subscription',
      'POST /api/push/unsubscribe',
    ]);
  });

  it("on a first visit, the profile's switch waits for the app's service worker and then shows this phone's switch", async () => {
    const { ready } = browserWithPush('default', 'granted', { firstVisit: true });
    const calls = fakeServer(routes());
    const view = renderScreen(<PushSwitch />);
    await until(() => calls.some((c) => c.url === '/api/push/preference'));
    // not "this browser cannot show notifications" while the worker is on its way: nothing yet
    expect(view.container.textContent).toBe('');
    ready();
    expect(await screen.findByRole('checkbox', { name: 'Notifications for my account' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Tell me on this phone' })).not.toBeChecked();
    expect(screen.queryByText(/cannot show notifications/)).toBeNull();
  });

  it('counts a browser whose service worker never comes as one that cannot be told', async () => {
    vi.useFakeTimers();
    browserWithPush('default', 'granted', { firstVisit: true });
    let state: string | undefined;
    void pushState().then((s) => (state = s));
    await vi.advanceTimersByTimeAsync(READY_WAIT_MS - 1);
    expect(state).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state).toBe('unsupported');
  });

  it('signs out at once on a first visit whose service worker has not come yet: no subscription to end', async () => {
    vi.useFakeTimers();
    browserWithPush('granted', 'granted', { firstVisit: true });
    const calls = fakeServer(routes());
    let done = false;
    void forgetPushOnSignOut().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(calls.some((c) => c.url === '/api/push/unsubscribe')).toBe(false);
  });

  it('says when the browser cannot be told, or the member blocked it', async () => {
    browserWithPush('denied');
    fakeServer(routes());
    renderScreen(<PushSwitch />);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Tell me on this phone' })).toBeNull();
  });
});
