import { acceptAgreement, expect, operator, savedQueries, serviceWorkerReady, signIn, test, useEnglish } from './support';

test('offline, the wallet shows its last snapshot and its time, and money actions say why they are off', async ({ page, context }) => {
  // the refresh-all widget is on the home while the spin wheel is off (§2); the spin-wheel spec turns it on
  operator('wheel', 'off');
  await useEnglish(page);
  await serviceWorkerReady(page);
  await signIn(page, '0812345678', 'demo1234');
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);
  const balance = await page.locator('.balance').innerText();
  const updated = page.getByText(/^Updated \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
  await expect(updated).toBeVisible();
  await expect.poll(() => savedQueries(page)).toContain('["wallet"]'); // the wallet's answer is saved in IndexedDB

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('.balance')).toHaveText(balance);
    await expect(page.getByText(/^Offline · last updated \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/)).toBeVisible();
    await expect(page.getByText('You are offline: money actions need the internet.')).toBeVisible();
    for (const name of ['Withdraw', 'Transfer', 'All to wallet', 'Refresh all']) {
      await expect(page.getByRole('navigation', { name: 'Wallet actions' }).getByRole('button', { name })).toBeDisabled();
    }
  } finally {
    await context.setOffline(false);
  }
});
