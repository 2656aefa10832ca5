import type { CDPSession, Page } from '@playwright/test';
import { localPushService, type LocalDevice, type LocalPushService } from '../../server/test/local-push';
import { CHROMIUM_FLAGS, systemChromium } from '../../scripts/chromium.mjs';
import { expect, memberOnHome, operator, serviceWorkerReady, test } from './support';

/**
 * Issue 38: told when it happens. The member is offered notifications only after a first chat message,
 * turns them on, closes the app; a deposit credited reaches the local push service (web-push-testing:
 * it checks the server's VAPID signature and decrypts), and the app's service worker shows it.
 *
 * Chromium's own push service is Google's, out of reach here: the page's pushManager subscribes at the
 * local push service instead (the same subscription shape a browser gives), and the message the local
 * service received is delivered to the service worker as a push through DevTools.
 */
// the full browser: the headless shell the other specs run in has no Push API, so the app offers nothing
test.use({ launchOptions: { executablePath: systemChromium, args: CHROMIUM_FLAGS } });

let push: LocalPushService;
test.beforeAll(async () => {
  push = await localPushService();
});
test.afterAll(async () => {
  await push?.stop();
});

/** The page's pushManager subscribes at the local push service (its key, its endpoint and keys). */
async function pushAtLocalService(page: Page, devices: LocalDevice[]): Promise<void> {
  await page.exposeFunction('subscribeAtLocalPush', async (key: string) => {
    const device = await push.subscribe(key);
    devices.push(device);
    return device;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { subscribeAtLocalPush(key: string): Promise<LocalDevice> };
    const stored = () => localStorage.getItem('e2e-push-device');
    const asSubscription = (device: LocalDevice) => ({
      endpoint: device.endpoint,
      toJSON: () => ({ endpoint: device.endpoint, keys: device.keys }),
      unsubscribe: async () => (localStorage.removeItem('e2e-push-device'), true),
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const device = await w.subscribeAtLocalPush(String(options?.applicationServerKey));
      localStorage.setItem('e2e-push-device', JSON.stringify(device));
      return asSubscription(device) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const device = stored();
      return (device ? asSubscription(JSON.parse(device) as LocalDevice) : null) as unknown as PushSubscription | null;
    };
  });
}

/** What the test reads in the app's service worker (its global scope, and the count the test adds to it). */
type WorkerScope = {
  e2ePushes: number;
  e2eWindowsInFront: string[];
  e2eShows: string[];
  e2eWindows(o: object): Promise<{ url: string; focused: boolean; visibilityState: string }[]>;
  addEventListener(type: 'push', listener: () => void): void;
  registration: {
    getNotifications(): Promise<{ title: string; body: string }[]>;
    showNotification(title: string, options?: object): Promise<void>;
  };
  clients: { matchAll(o: object): Promise<{ url: string; focused: boolean; visibilityState: string }[]> };
};

/** The app's service worker registration, as DevTools names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith('http://127.0.0.1'));
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('after a first chat the member turns notifications on; a deposit credited while the app is closed is shown', async ({
  page,
  context,
  baseURL,
}) => {
  const devices: LocalDevice[] = [];
  await pushAtLocalService(page, devices);
  const phone = await memberOnHome(page, { name: 'Told Member', password: 'told-pass1' });
  await serviceWorkerReady(page);
  // never on a first visit
  await expect(page.getByRole('region', { name: 'Be told when your money arrives' })).toHaveCount(0);

  // a first chat message earns the offer
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' }).click();
  await page.getByRole('button', { name: 'Start a chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('is my deposit in?');
  await box.press('Enter');
  await expect(chat.getByText('Sending…')).toHaveCount(0);
  await box.press('Escape');
  await page.reload();
  const offer = page.getByRole('region', { name: 'Be told when your money arrives' });
  await expect(offer).toBeVisible();
  // the member says yes to the browser's own question when it comes
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await offer.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.getByText(/^Notifications are on: we will tell you on this phone/)).toBeVisible();
  expect(devices).toHaveLength(1);
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/push-on.png', fullPage: true });

  // the app is closed (no window of it left); the operator credits a deposit
  const cdp = await context.newCDPSession(page);
  const registration = await registrationId(cdp);
  await page.goto('about:blank');
  operator('deposit', phone, '300');
  await expect.poll(async () => (await push.messages(devices[0]!)).length, { timeout: 30_000 }).toBe(1);
  const [sent] = await push.messages(devices[0]!);
  expect(JSON.parse(sent!)).toMatchObject({ title: 'Deposit credited', body: '300.00 baht is in your wallet.', url: '/user/home' });

  // what the push service received reaches the service worker as a push, and is shown
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(baseURL!))!;
  await worker.evaluate(() => {
    const scope = self as unknown as WorkerScope;
    // a listener beside the app's own counts the pushes the worker is given
    scope.e2ePushes = 0;
    scope.addEventListener('push', () => scope.e2ePushes++);
    // what the app's handler saw and did: the windows in front it found, and each notification it asked for with
    // what became of it, so that a failure names its cause
    scope.e2eWindowsInFront = [];
    scope.e2eShows = [];
    const matchAll = scope.clients.matchAll.bind(scope.clients);
    scope.e2eWindows = matchAll;
    scope.clients.matchAll = async (options) => {
      const windows = await matchAll(options);
      scope.e2eWindowsInFront.push(...windows.filter((w) => w.focused && w.visibilityState === 'visible').map((w) => w.url));
      return windows;
    };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = async (title, options) => {
      const body = (options as { body?: string } | undefined)?.body;
      try {
        await show(title, options);
        scope.e2eShows.push(`shown: ${title}: ${body}`);
      } catch (error) {
        scope.e2eShows.push(`failed: ${title}: ${String(error)}`);
        throw error;
      }
    };
  });
  const given = () => worker.evaluate(() => (self as unknown as WorkerScope).e2ePushes);
  // the closed app's window gone from the worker's clients before the push comes: a window in front holds the
  // notification back, and one the worker still listed after the page left it once kept it from showing (CI101)
  const inFront = () =>
    worker.evaluate(async () => {
      const windows = await (self as unknown as WorkerScope).e2eWindows({ type: 'window', includeUncontrolled: true });
      return windows.filter((w) => w.focused && w.visibilityState === 'visible').map((w) => w.url);
    });
  await expect.poll(inFront, { timeout: 30_000 }).toEqual([]);
  // DevTools' delivery seldom loses a push before the worker has it (CI72: no notification, nothing to
  // tell why); a push the worker never had is delivered again, one the worker had must be shown
  for (let delivery = 1; (await given()) === 0; delivery++) {
    expect(delivery, 'DevTools delivered the push three times; the worker had none of them').toBeLessThanOrEqual(3);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: registration, data: sent! });
    await expect
      .poll(given)
      .toBeGreaterThan(0)
      .catch(() => console.warn(`push delivery ${delivery}: the worker never had it`));
  }
  // every push the worker had is shown, and the browser says so (showNotification resolves once the notification
  // is on display). Only then is the list read: Chromium's getNotifications() deletes from its store every
  // notification the platform does not yet report as displayed (unless created after the read began), so a read
  // while one is being shown loses it for good (platform_notification_context_impl.cc); this test polled the list
  // while the push was shown, and so lost it in CI121 and the run after it
  await expect
    .poll(
      () =>
        worker.evaluate(() => {
          const scope = self as unknown as WorkerScope;
          return {
            handled: scope.e2eShows.length >= scope.e2ePushes,
            shows: [...new Set(scope.e2eShows)],
            // the windows the app's handler looked at: one in front holds the notification back (the live event
            // tells the member there)
            windowsInFront: scope.e2eWindowsInFront,
          };
        }),
      { timeout: 30_000 },
    )
    .toEqual({ handled: true, shows: ['shown: Deposit credited: 300.00 baht is in your wallet.'], windowsInFront: [] });
  const shown = await worker.evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => `${n.title}: ${n.body}`),
  );
  expect(shown).toEqual(['Deposit credited: 300.00 baht is in your wallet.']);

  // the app opened again says what happened while the member was away, once
  await page.goto('/user/home');
  const away = page.getByRole('region', { name: 'While you were away' });
  await expect(away).toContainText('Deposit credited: 300.00 baht is in your wallet.');
  await away.getByRole('button', { name: 'OK' }).click();
  await expect(away).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.balance')).toHaveText('300.00');
  await expect(page.getByRole('region', { name: 'While you were away' })).toHaveCount(0);

  // the profile turns this phone off: the next credit is not sent to it
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
  const toggle = page.getByRole('checkbox', { name: 'Tell me on this phone' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  operator('deposit', phone, '5');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('.balance')).toHaveText('305.00');
  expect(await push.messages(devices[0]!)).toHaveLength(1);
});
