import type { Page } from '@playwright/test';
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
  await expect(page.getByText('ฝ่ายบริการลูกค้า 24 ชั่วโมง')).toBeVisible();
  await page.goto('/howto');
  await expect(page.getByRole('button', { name: /^วิธีเช็คยอดเงิน/ })).toBeVisible();
  // from here on with the saved query cache in IndexedDB (it is restored after hydration, not during it):
  // the lookups these pages showed, the site's name among them, are saved before the next page loads
  await expect.poll(() => savedQueries(page)).toContain('walletthai.example');
  await page.goto('/no/such/page');
  await expect(page.getByRole('link', { name: 'ไปหน้าแรก' })).toBeVisible();
  for (const url of ['/contact', '/howto', '/login', '/register']) {
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

test('what the member types before the app has started is kept, and signs in', async ({ browser, baseURL }) => {
  // no service worker, so the app's script can be held back on its way
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    const button = page.getByRole('button', { name: 'เข้าสู่ระบบ' });
    // the app's script is held until the test has typed and seen the form wait (a fixed delay raced a busy machine)
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
    await page.getByLabel('รหัสผ่าน').fill('demo1234');
    await page.getByLabel('จดจำฉันในอุปกรณ์นี้').uncheck();
    await expect(button).toBeDisabled(); // the app has not started yet
    release();
    await expect(button).toBeEnabled();
    await expect(page.getByLabel('เบอร์โทรศัพท์')).toHaveValue('0812345678');
    await button.click();
    await expect(page).toHaveURL(/\/user\/home$/);
    // not remembered: the token went to sessionStorage
    expect(await page.evaluate(() => [localStorage.getItem('token'), !!sessionStorage.getItem('token')])).toEqual([null, true]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
