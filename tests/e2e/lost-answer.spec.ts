import { expect, memberOnHome, test } from './support';

/**
 * Issue 38: a transfer whose answer was lost (the server moved the money, the phone never heard), asked
 * again after a reload, moves the money once: its key was kept on the device until its answer was known.
 */
test('a transfer whose answer was lost, asked again after a reload, moves the money once', async ({ page }) => {
  await memberOnHome(page, { name: 'Lost Answer', password: 'lost-pass1', deposit: 1000 });
  await page.getByRole('button', { name: 'PG Soft: open an account' }).click();
  const slot = page.getByRole('dialog', { name: 'PG Soft' });
  await slot.getByRole('button', { name: 'Open an account' }).click();
  await expect(slot.getByText(/^pg\d{6}$/)).toBeVisible();

  // the first transfer reaches the server, which moves the money; its answer never reaches the phone
  let lost = 0;
  await page.route('**/api/wallet/transfer', async (route) => {
    if (lost > 0) return route.continue();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await slot.getByRole('button', { name: 'Transfer in' }).click();
  let transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer.getByRole('alert')).toBeVisible();
  expect(lost).toBe(1);

  // the member reloads and asks the same again: the server answers the first transfer, nothing moves twice
  await page.reload();
  await page.getByRole('button', { name: /^PG Soft: balance/ }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Transfer in' }).click();
  transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Transfer done.')).toBeVisible();
  await expect(page.getByText('Wallet 900.00 · Games 100.00')).toBeVisible();

  // a new transfer of the same amount, after that answer, is a new one
  await page.getByRole('button', { name: 'PG Soft: balance 100.00' }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Transfer in' }).click();
  transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Wallet 800.00 · Games 200.00')).toBeVisible();
});
