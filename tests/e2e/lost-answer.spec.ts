import { expect, memberOnHome, test } from './support';

// every try goes through page.route: the service worker (which would pass the checks on to the network
// unseen once it controls the page) is not what this spec tests
test.use({ serviceWorkers: 'block' });

/**
 * Issue 38: a transfer whose answer was lost (the server moved the money, the phone never heard), asked
 * again after a reload, moves the money once: its key was kept on the device until its answer was known.
 */
test('a transfer whose answer was lost, asked again after a reload, moves the money once', async ({ page }) => {
  await memberOnHome(page, { name: 'Lost Answer', password: 'lost-pass1', deposit: 1000 });
  await page.getByRole('button', { name: 'PG Soft: open an account' }).click();
  const slot = page.getByRole('dialog', { name: 'PG Soft' });
  await slot.getByRole('button', { name: 'Open an account' }).click();
  await expect(slot.getByRole('textbox', { name: 'Username' })).toHaveValue(/^pg\d{6}$/);

  // the first transfer reaches the server, which moves the money; its answer never reaches the phone,
  // nor do the answers to the checks that follow while the connection is bad
  let reached = 0;
  let broken = true;
  await page.route('**/api/wallet/transfer', async (route) => {
    if (!broken) return route.continue();
    if (reached === 0) await route.fetch();
    reached += 1;
    await route.abort('connectionreset');
  });
  await slot.getByRole('button', { name: 'Transfer in' }).click();
  let transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  // not "no connection": the app says it is checking whether it went through
  await expect(
    transfer.getByRole('status').filter({ hasText: 'The answer was lost on the way. Checking whether it went through…' }),
  ).toBeVisible();
  await expect(transfer.getByRole('button', { name: 'Checking…' })).toBeDisabled();
  await expect(transfer.getByRole('alert')).toHaveCount(0);

  // the member gives up and reloads, then asks the same again: the server answers the first transfer
  await page.reload();
  broken = false;
  await page.getByRole('button', { name: /^PG Soft: balance/ }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Transfer in' }).click();
  transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  // told it is the transfer asked before the reload, done once
  await expect(page.getByText('Transfer done. It is the transfer you asked for earlier: the money moved once.')).toBeVisible();
  await expect(page.getByText('Wallet 900.00 · Games 100.00')).toBeVisible();

  // a new transfer of the same amount, after that answer, is a new one; its answer lost once, the
  // check that follows learns it, in the same dialog
  await page.unroute('**/api/wallet/transfer');
  let lostOnce = 0;
  await page.route('**/api/wallet/transfer', async (route) => {
    if (lostOnce > 0) return route.continue();
    lostOnce += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'PG Soft: balance 100.00' }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Transfer in' }).click();
  transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Transfer done.', { exact: true })).toBeVisible();
  await expect(page.getByText('Wallet 800.00 · Games 200.00')).toBeVisible();
  expect(lostOnce).toBe(1);
});
