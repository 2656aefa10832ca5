import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, memberEventsOf, memberOnHome, operator, setDepositByTwoAdmins, test } from './support';

/** Live member events and fresh deposit accounts, at 360 px (playwright.config.ts), in the Thai build with English chosen. */
const PASSWORD = 'live-pass1';

async function newMember(page: Page, name: string): Promise<string> {
  operator('settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime: '00:00' }));
  const phone = await memberOnHome(page, { name, password: PASSWORD, firstName: 'live', lastName: 'member' });
  await expect(page.locator('.balance')).toHaveText('0.00');
  return phone;
}

// "live" is the event the member's socket receives, and the screen changing on it without a tap: while
// the socket is joined the app never polls (src/lib/member/member-events.ts), so nothing else could
// change it. How fast is a timing, measured apart from pass or fail.
test('a QR code paid by the gateway turns paid in the open modal, from the live event', async ({ page }) => {
  const events = memberEventsOf(page);
  const phone = await newMember(page, 'Live QR');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  await modal.getByRole('button', { name: 'QR Kasikornbank' }).click();
  await modal.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '100', exact: true }).click();
  await modal.getByRole('button', { name: 'Create QR code' }).click();
  await expect(modal.getByRole('img', { name: 'QR code to pay 100.00 baht' })).toBeVisible();
  const id = operator('qr', 'list')
    .split('\n')
    .find((line) => line.includes(phone) && line.includes('OPEN'))
    ?.split('\t')[0];
  expect(operator('qr', 'pay', id ?? '')).toMatch(/CREDITED/);

  await expect.poll(() => events.find((e) => e.kind === 'qr')).toMatchObject({ kind: 'qr', status: 'PAID', amount: 100 });
  await expect(modal.getByText('Paid: 100.00 baht credited to your wallet.')).toBeVisible();
  // nothing left to pay: no code, no amount to scan, no countdown
  await expect(modal.getByRole('img', { name: /QR code to pay/ })).toBeHidden();
  await expect(modal.getByRole('timer')).toBeHidden();
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/live-qr-paid.png' });
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.balance')).toHaveText('100.00');
});

test('a slip credited while the member watches the home raises the balance from the live event, without a tap', async ({ page }) => {
  const events = memberEventsOf(page);
  const phone = await newMember(page, 'Live Slip');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-live-')), 'slip.png');
  expect(operator('slip', 'make', phone, '250', file)).toContain('transaction reference');
  // the slip is sent from another device of the member's (the API itself): this page only watches the home
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const sent = await page.request.post('/api/wallet/slip', {
    headers: { 'x-wallet-client': 'member', authorization: `Bearer ${token}` },
    multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: fs.readFileSync(file) } },
  });
  expect(sent.status()).toBe(200);
  await expect.poll(() => events.find((e) => e.kind === 'slip')).toMatchObject({ kind: 'slip', status: 'SUCCESS', amount: 250 });
  await expect(page.locator('.balance')).toHaveText('250.00');
});

test('the operator swaps the deposit account and a returning member opening the modal sees the new one', async ({ page }) => {
  // the JSON after the line that says which database
  const got = operator('settings', 'get', 'deposit');
  const before = JSON.stringify(JSON.parse(got.slice(got.indexOf('{'))));
  await newMember(page, 'Live Account');
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(modal.getByText('048-123-4567')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();

  const deposit = JSON.parse(before) as { banks: { bankType: string; bankAccountNo: string }[] };
  const swapped = { ...deposit, banks: deposit.banks.map((b) => (b.bankType === 'DEPOSIT' ? { ...b, bankAccountNo: '0487654321' } : b)) };
  // a new account number is where money goes: two admins (issue 39)
  setDepositByTwoAdmins(swapped, 'the e2e swap of the deposit account');
  try {
    // the member comes back later (a reload: the saved copy and the service worker's cache are there)
    await page.reload();
    await expect(page.locator('.balance')).toHaveText('0.00');
    await page.getByRole('button', { name: 'Deposit' }).click();
    await expect(modal.getByText('048-765-4321')).toBeVisible();
    await expect(modal.getByText('048-123-4567')).toBeHidden();
    await expect(modal.getByRole('alert')).toHaveText(
      'The account changed since your last visit. Transfer only to the account shown here.',
    );
    await page.screenshot({ path: 'test-results/e2e-artifacts/screens/live-account-changed.png' });
  } finally {
    setDepositByTwoAdmins(JSON.parse(before), 'the e2e swap undone');
  }
});
