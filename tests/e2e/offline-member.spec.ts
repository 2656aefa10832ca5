import type { Page } from '@playwright/test';
import {
  acceptAgreement,
  expect,
  freshPhone,
  operator,
  registerByApi,
  savedQueries,
  serviceWorkerReady,
  signIn,
  test,
  useEnglish,
} from './support';

const NAME = 'Offline Member';

/** What each signed-in screen must show from its saved copy. */
async function showsSavedData(page: Page, path: string): Promise<void> {
  if (path === '/user/home') {
    await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
    await expect(page.locator('.balance')).toHaveText('250.00');
    await expect(page.locator('.invite-amount')).toHaveText('0.00');
    await expect(page.getByText(/^Offline · last updated \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/)).toBeVisible();
    // the check-balance button says why it is off instead of spinning
    await expect(page.getByRole('button', { name: 'No connection' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'PG Soft: open an account' })).toBeVisible();
  } else if (path === '/user/statement') {
    await expect(page.getByText('Deposit credited by our staff')).toBeVisible();
    await expect(page.locator('.statement-amount')).toHaveText('+250.00');
    await expect(page.getByRole('status').filter({ hasText: /^Offline Saved \d\d\/\d\d\/\d{4}/ })).toBeVisible();
  } else if (path === '/user/profile') {
    await expect(page.locator('.profile-name')).toHaveText(NAME);
    await expect(page.getByRole('status').filter({ hasText: /^Offline Saved / })).toBeVisible();
  } else {
    await expect(page.getByText('Customer service, every day 09:00 to midnight')).toBeVisible();
    await expect(page.getByRole('img', { name: /LINE QR code/ })).toBeVisible();
  }
  await expect(page.getByText('Loading…')).toHaveCount(0);
  // no balance it does not know shown as 0.00 (the invite line's amount is a saved figure: it may be 0.00)
  await expect(page.getByText('0.00', { exact: true }).locator('xpath=self::*[not(contains(@class, "invite-amount"))]')).toHaveCount(0);
}

test('offline, every signed-in screen shows its last data, whatever the order of visits and reloads', async ({ page, context }) => {
  const phone = freshPhone();
  await useEnglish(page);
  await registerByApi(page.request, { phone, name: NAME, password: 'offline-pass1', bankCode: 'SCB', firstName: 'off', lastName: 'line' });
  operator('deposit', phone, '250');
  await signIn(page, phone, 'offline-pass1');
  await acceptAgreement(page);
  await expect(page.locator('.balance')).toHaveText('250.00');
  await serviceWorkerReady(page);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'History' }).click();
  await expect(page.getByText('Deposit credited by our staff')).toBeVisible();
  // the cache reaches IndexedDB within a second of a change
  await expect.poll(() => savedQueries(page)).toContain('"statement"');

  // a screen never opened says so in a sentence, not a spinner
  await context.setOffline(true);
  await page.goto('/user/profile');
  await expect(page.getByText('You are offline and this page has not been saved on this device yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await context.setOffline(false);

  await page.goto('/user/profile');
  await expect(page.locator('.profile-name')).toHaveText(NAME);
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByText('Customer service, every day 09:00 to midnight')).toBeVisible();
  await menu.getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('.balance')).toHaveText('250.00');
  await expect.poll(() => savedQueries(page)).toContain('"contact"');

  await context.setOffline(true);
  try {
    // the reported path first: reload home, open History, back Home, reload
    await page.reload();
    await showsSavedData(page, '/user/home');
    await menu.getByRole('link', { name: 'History' }).click();
    await showsSavedData(page, '/user/statement');
    await menu.getByRole('link', { name: 'Home' }).click();
    await showsSavedData(page, '/user/home');
    for (const path of ['/user/home', '/user/statement', '/user/profile', '/user/home', '/user/contact', '/user/statement', '/user/home']) {
      await page.goto(path);
      await showsSavedData(page, path);
    }
  } finally {
    await context.setOffline(false);
  }
});

test("signing out leaves none of the member's data on the device", async ({ page }) => {
  const phone = freshPhone();
  await useEnglish(page);
  await registerByApi(page.request, {
    phone,
    name: 'Leaving Member',
    password: 'leaving-pass1',
    bankCode: 'SCB',
    firstName: 'leav',
    lastName: 'ing',
  });
  await signIn(page, phone, 'leaving-pass1');
  await acceptAgreement(page);
  await expect(page.getByRole('heading', { name: 'Leaving Member' })).toBeVisible();
  const saved = () => savedQueries(page);
  await expect.poll(saved).toContain('Leaving Member');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(saved).not.toContain('Leaving Member');
  expect(await saved()).toContain('"lookup"'); // the site's own lookups stay for the next visit
});
