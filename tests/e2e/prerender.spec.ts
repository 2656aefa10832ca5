import type { Browser, Page, Route } from '@playwright/test';
import { expect, savedQueries, serviceWorkerReady, test, useEnglish } from './support';

/**
 * Console errors and uncaught exceptions of a page (a hydration mismatch is reported as an error),
 * except Chrome's note on the 404 status of a page the test opens on purpose.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !(m.text().includes('status of 404') && m.location().url.endsWith('/no/such/page'))) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Records whether React replaced the pre-rendered form instead of hydrating it (a flash). */
async function watchFormReplaced(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { formReplaced: boolean };
    w.formReplaced = false;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.removedNodes) if (n instanceof Element && (n.matches('main') || n.querySelector('main'))) w.formReplaced = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test('the public pages paint from HTML alone, with JavaScript off', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeVisible();
    await expect(page.getByLabel('เบอร์โทรศัพท์')).toBeVisible();
    await expect(page.getByLabel('รหัสผ่าน')).toBeVisible();
    // without the script the form must not post the browser's way (the password would go into the URL)
    await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ' })).toBeDisabled();

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'สมัครสมาชิก', level: 1 })).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'ลืมรหัสผ่าน', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'เบอร์โทรศัพท์ของคุณ', level: 2 })).toBeVisible();
    // a press before the app has started would send nothing and reload the page: the button waits for the app
    await expect(page.getByRole('button', { name: 'ส่งรหัส' })).toBeDisabled();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'ติดต่อเรา' })).toBeVisible();
    await page.goto('/howto');
    await expect(page.getByRole('heading', { name: 'วิธีใช้งาน' })).toBeVisible();

    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the pre-rendered pages hydrate in place: no console error, the same form', async ({ page }) => {
  const errors = collectErrors(page);
  await watchFormReplaced(page);
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'เข้าสู่ระบบ' });
  await expect(button).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { formReplaced: boolean }).formReplaced)).toBe(false);
  await page.goto('/contact');
  await expect(page.getByText('ฝ่ายบริการลูกค้า ทุกวัน 09:00–24:00 น.')).toBeVisible();
  await page.goto('/howto');
  await expect(page.getByRole('button', { name: /^วิธีเช็คยอดเงิน/ })).toBeVisible();
  // from here on with the saved query cache in IndexedDB (it is restored after hydration, not during it):
  // the lookups these pages showed, the site's name among them, are saved before the next page loads
  await expect.poll(() => savedQueries(page)).toContain('walletthai.example');
  await page.goto('/no/such/page');
  await expect(page.getByRole('link', { name: 'ไปหน้าแรก' })).toBeVisible();
  for (const url of ['/contact', '/howto', '/login', '/register', '/forgot-password']) {
    await page.goto(url);
    await expect(page.getByRole('contentinfo')).toContainText('walletthai.example');
  }

  expect(errors).toEqual([]);
});

test('a member who chose English gets English at once, not the Thai page hydrated', async ({ page }) => {
  const errors = collectErrors(page);
  await useEnglish(page);
  await serviceWorkerReady(page);
  await watchFormReplaced(page);
  for (const fromServiceWorker of [false, true]) {
    const navigation = await page.goto('/login');
    if (fromServiceWorker) expect(navigation?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  expect(errors).toEqual([]);
});

/**
 * Holds what the page asks at `url` on its way until `release` is called; then it goes on to the server, or is
 * answered by `answer`. `asked`: whether the page has asked it yet.
 */
async function holdRoute(page: Page, url: string | RegExp, answer = (route: Route) => route.continue()) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(url, async (route) => {
    asked = true;
    await held;
    await answer(route);
  });
  return { release, asked: () => asked };
}

/**
 * A phone-sized context whose app file `file` (src/main.tsx's chunk, or src/mount.tsx's: React DOM) is held on its
 * way until `release` (no service worker, which would serve it from its cache), with the status of every sign-in.
 */
async function heldFile(browser: Browser, baseURL: string | undefined, file: 'main' | 'mount') {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const { release, asked } = await holdRoute(page, new RegExp(`/assets/${file}-[^/]+\\.js$`));
  const signIns: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/login') signIns.push(res.status());
  });
  return { context, page, release, signIns, appAsked: asked };
}

/** The member's home, with its balance, opened by one sign-in (`signIns`: each sign-in's status, from heldFile). */
async function onHomeAfterOneSignIn(page: Page, signIns: number[]) {
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.locator('.wallet-hero .balance')).not.toBeEmpty();
  expect(signIns).toEqual([200]);
}

/** The page as a slow phone has it before the app has started: the app's script held back. */
const heldApp = (browser: Browser, baseURL: string | undefined) => heldFile(browser, baseURL, 'main');

test('a member who presses Sign in before the app has started is signed in at once, and lands on the home', async ({
  browser,
  baseURL,
}) => {
  const { context, page, release, signIns, appAsked } = await heldApp(browser, baseURL);
  try {
    const errors = collectErrors(page);
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'เข้าสู่ระบบ' });
    // the pre-rendered form works before the app: a phone's saved password is sent as soon as the page shows
    await expect(button).toBeEnabled();
    await page.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
    await page.getByLabel('รหัสผ่าน').fill('demo1234');
    await page.getByLabel('จดจำฉันในอุปกรณ์นี้').uncheck();
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
    // the home's code and the member's words are fetched beside the sign-in, not once the app has started
    const homeCode = page.waitForRequest(/\/assets\/home-[^/]+\.js$/);
    const memberWords = page.waitForRequest(/\/assets\/member-[^/]+\.js$/);
    await button.click();
    expect((await answered).status()).toBe(200);
    await Promise.all([homeCode, memberWords]);
    // the answer came while the app's code was still held back; the page stays as it was, waiting
    expect(appAsked()).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    await expect(button).toBeDisabled();
    release();
    // the app opens the member's screen with the sign-in it finds, never asking again
    await onHomeAfterOneSignIn(page, signIns);
    // not remembered: the token went to sessionStorage
    expect(await page.evaluate(() => [localStorage.getItem('token'), !!sessionStorage.getItem('token')])).toEqual([null, true]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a member who presses Sign in while the app takes the form over (its React DOM still on the way) is signed in, once', async ({
  browser,
  baseURL,
}) => {
  const { context, page, release, signIns } = await heldFile(browser, baseURL, 'mount');
  try {
    const errors = collectErrors(page);
    const words = page.waitForResponse(/\/assets\/messages-[^/]+\.js$/);
    await page.goto('/login');
    await page.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
    await page.getByLabel('รหัสผ่าน').fill('demo1234');
    // the app has its words and has taken the form over; it waits for React DOM (held) to hydrate it
    await words;
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    // a tap where the button is, as a thumb gives it (no waiting for the button to be pressable)
    const box = (await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    release();
    // kept, not dropped: sent by the app's form once it has started, and the home opens
    await onHomeAfterOneSignIn(page, signIns);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a sign-in refused before the app has started is said once it starts, with what was typed kept', async ({ browser, baseURL }) => {
  const { context, page, release, signIns } = await heldApp(browser, baseURL);
  try {
    const errors = collectErrors(page);
    await page.goto('/login?redirect=%2Fuser%2Fprofile');
    const button = page.getByRole('button', { name: 'เข้าสู่ระบบ' });
    await page.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
    await page.getByLabel('รหัสผ่าน').fill('not-the-password');
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
    await button.click();
    expect((await answered).status()).toBe(401);
    // refused while the app is held: the form can be pressed again, and is not sent twice meanwhile
    await expect(button).toBeEnabled();
    release();
    await expect(page.getByRole('alert')).toHaveText('เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง');
    await expect(page.getByLabel('เบอร์โทรศัพท์')).toHaveValue('0812345678');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    // the app's own form from here on: the right password goes where the page was asked to lead
    await page.getByLabel('รหัสผ่าน').fill('demo1234');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await button.click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    expect(signIns).toEqual([401, 200]);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('what a member who chose another language typed before the app started is in the app’s own form', async ({ browser, baseURL }) => {
  const { context, page, release } = await heldApp(browser, baseURL);
  try {
    const errors = collectErrors(page);
    // the member chose English on this device; the pre-rendered page is the build's language
    await context.addInitScript(() => localStorage.setItem('locale', 'en'));
    // whether the page was ever left empty between the pre-rendered form and the app's (a blank frame, a lost press)
    await context.addInitScript(() => {
      const w = window as unknown as { emptied: boolean };
      w.emptied = false;
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        new MutationObserver(() => void (root.childElementCount === 0 && (w.emptied = true))).observe(root, { childList: true });
      });
    });
    await page.goto('/login');
    await page.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
    await page.getByLabel('รหัสผ่าน').fill('demo1234');
    release();
    // the app draws its own form in English in place of the Thai one, with what was typed in it
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveValue('0812345678');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('demo1234');
    expect(await page.evaluate(() => (window as unknown as { emptied: boolean }).emptied)).toBe(false);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

/**
 * A context in English on the Thai build, whose React DOM module is held on its way until `release`: the app has
 * started and read its language, and waits to draw its own sign-in form in place of the pre-rendered Thai one.
 */
async function appAboutToRedraw(browser: Browser, baseURL: string | undefined) {
  const held = await heldFile(browser, baseURL, 'mount');
  await held.context.addInitScript(() => localStorage.setItem('locale', 'en'));
  await held.page.goto('/login');
  return held;
}

/**
 * Fills the pre-rendered Thai form once the app has read its language (English): answers its button, which still
 * signs in (a press is sent, not lost on a form about to be replaced).
 */
async function fillWhileRedrawing(page: Page, password: string) {
  await page.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
  await page.getByLabel('รหัสผ่าน').fill(password);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  return page.getByRole('button', { name: 'เข้าสู่ระบบ' });
}

/** Signs in on the pre-rendered Thai form while the app redraws (fillWhileRedrawing): answers the server's status. */
async function pressWhileRedrawing(page: Page, password: string): Promise<number> {
  const button = await fillWhileRedrawing(page, password);
  await expect(button).toBeEnabled();
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
  await button.click();
  return (await answered).status();
}

test('a member who chose another language and presses Sign in while the app draws its own form is signed in, once', async ({
  browser,
  baseURL,
}) => {
  const { context, page, release, signIns } = await appAboutToRedraw(browser, baseURL);
  try {
    const errors = collectErrors(page);
    expect(await pressWhileRedrawing(page, 'demo1234')).toBe(200);
    release();
    await onHomeAfterOneSignIn(page, signIns);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a sign-in still on its way when the app has loaded: the page waits for it and opens the home, never its own form first', async ({
  browser,
  baseURL,
}) => {
  const { context, page, release, signIns } = await appAboutToRedraw(browser, baseURL);
  try {
    // the sign-in's answer held back until the app's code is all here
    const { release: answer } = await holdRoute(page, '**/api/login');
    // the app's own form would say this: it must not appear before the home
    let ownForm = false;
    await page.exposeFunction('sawOwnForm', () => void (ownForm = true));
    await page.evaluate(() =>
      new MutationObserver(() => {
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent === 'Sign in'))
          void (window as unknown as { sawOwnForm: () => void }).sawOwnForm();
      }).observe(document.body, { childList: true, subtree: true }),
    );
    const button = await fillWhileRedrawing(page, 'demo1234');
    const sent = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/login');
    await button.click();
    await sent;
    release();
    // the app has loaded and waits with the sign-in: the pressed form stays, and cannot be pressed again
    await expect(button).toBeDisabled();
    answer();
    await onHomeAfterOneSignIn(page, signIns);
    expect(ownForm).toBe(false);
  } finally {
    await context.close();
  }
});

test('refused in that moment, the app’s own form in the member’s language says why, with the phone kept', async ({ browser, baseURL }) => {
  const { context, page, release, signIns } = await appAboutToRedraw(browser, baseURL);
  try {
    expect(await pressWhileRedrawing(page, 'not-the-password')).toBe(401);
    release();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Incorrect phone number or password.');
    await expect(page.getByLabel('Phone number')).toHaveValue('0812345678');
    await expect(page).toHaveURL(/\/login$/);
    expect(signIns).toEqual([401]);
  } finally {
    await context.close();
  }
});

test('on a phone, the contact page’s LINE card stays where it is drawn when the chat turns out to be off', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    // every layout shift the page makes, from its first paint (the Layout Instability API)
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.shifted += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // whether the chat is offered arrives after the operator's details: "no"
    const { release } = await holdRoute(page, '**/api/lookup/enableChatWidget', (route) =>
      route.fulfill({ json: { enableChatWidget: false } }),
    );
    await page.goto('/contact');
    const line = page.locator('.line-channel');
    await expect(page.getByText('ฝ่ายบริการลูกค้า ทุกวัน 09:00–24:00 น.')).toBeVisible();
    await expect(line).toBeVisible();
    const before = await line.boundingBox();
    // from here on: the shifts the chat's answer makes
    await page.evaluate(() => ((window as unknown as { shifted: number }).shifted = 0));
    release();
    // the chat's place is given back: no chat button comes
    await expect(page.locator('main')).not.toHaveClass(/with-chat/);
    expect(await line.boundingBox()).toEqual(before);
    // the frame after the change is presented (its shifts, if any, reported) before the count is read
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as { shifted: number }).shifted))),
          ),
        ),
    );
    expect(shifted).toBe(0);
  } finally {
    await context.close();
  }
});

test('the contact page keeps the chat’s place from its first paint until the chat is drawn in it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    // the chat's config arrives after the operator's details (the chat is on)
    const { release } = await holdRoute(page, '**/api/chat/config');
    await page.goto('/contact');
    const line = page.locator('.line-channel');
    await expect(line).toBeVisible();
    await expect(page.locator('main.with-chat .chat-slot')).toBeAttached();
    const before = await line.boundingBox();
    // from here on, whether the chat's place (the slot and the button's column) is ever given up
    await page.evaluate(() => {
      const w = window as unknown as { lost: boolean };
      w.lost = false;
      new MutationObserver(() => {
        if (!document.querySelector('main.with-chat .chat-slot')) w.lost = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    release();
    await expect(page.getByRole('button', { name: 'เริ่มแชท' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { lost: boolean }).lost)).toBe(false);
    expect(await line.boundingBox()).toEqual(before);
  } finally {
    await context.close();
  }
});
