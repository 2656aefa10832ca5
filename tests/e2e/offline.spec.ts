import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, operator, savedQueries, serviceWorkerReady, siteAnswer, test, useEnglish } from './support';

test('Chrome reports no installability errors', async ({ playwright, baseURL }, testInfo) => {
  // a normal profile: Chrome never offers to install from an incognito-like context
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-install-'));
  const context = await playwright.chromium.launchPersistentContext(userDataDir, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await serviceWorkerReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('the manifest names the app, its start page and its icons', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/user/home', short_name: 'Wallet', theme_color: '#101828' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
});

test('after one visit the shell and the last lookups load with the network off', async ({ page, context }) => {
  await useEnglish(page);
  await serviceWorkerReady(page);
  await page.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByText('Customer service, every day 09:00 to midnight')).toBeVisible();
  // the contact lookup is in the query cache the app saved in IndexedDB
  await expect.poll(() => savedQueries(page)).toContain('"contact"');

  await context.setOffline(true);
  try {
    const navigation = await page.reload();
    expect(navigation?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await expect(page.getByText('Customer service, every day 09:00 to midnight')).toBeVisible();
    await expect(page.getByText('You are offline.')).toBeVisible();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('/terminated still shows offline, from the last site-active answer', async ({ page, context }) => {
  await useEnglish(page);
  await serviceWorkerReady(page);
  operator('site', 'terminate');
  try {
    await expect.poll(() => siteAnswer(page)).toBe(410);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/terminated$/);
    // the service worker keeps the answer once it has given it to the page (NetworkFirst writes its cache
    // after answering; on a busy machine the page may have had the cached answer after 5 s and the 410 from
    // another call): each look asks through the worker again, until its cache holds the 410
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            await fetch('/api/lookup/active', { headers: { 'X-Wallet-Client': 'member' } }).catch(() => undefined);
            const cached = await (await caches.open('live-lookups')).match('/api/lookup/active', { ignoreSearch: true, ignoreVary: true });
            return cached?.status;
          }),
        { timeout: 30_000 },
      )
      .toBe(410);
    await context.setOffline(true);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/terminated$/);
    await expect(page.getByRole('heading', { name: 'This site is closed' })).toBeVisible();
  } finally {
    await context.setOffline(false);
    operator('site', 'activate');
  }
});
