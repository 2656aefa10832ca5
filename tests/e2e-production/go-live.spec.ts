import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PROD_CONTROL_PORT } from '../../playwright.production.config';
import { expect, test } from '../e2e/a11y-fixture';
import { acceptAgreement, freshPhone, lookup, signIn, useEnglish } from '../e2e/support';

/**
 * A member of a production site (NODE_ENV=production) at 360 px, its outside systems the local fakes of
 * ThaiBulkSMS, Opn Payments and EasySlip (tests/e2e-production/start.ts): registered with the code the SMS
 * gateway was given, deposits closed until the operator sets an account, then a QR code paid through
 * Opn's webhook and a slip EasySlip verified, each credited once; then a game of the sandbox bridge
 * (the game-provider protocol, a process of its own): money moved in, played on its page, and back.
 */
const CONTROL = `http://127.0.0.1:${PROD_CONTROL_PORT}`;
const PASSWORD = 'prod-pass1';

/** An operator command run as the production server's operator (its environment: start.ts). */
async function operator(page: Page, ...args: string[]): Promise<string> {
  const res = await page.request.post(`${CONTROL}/operator`, { data: { args } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { out: string }).out;
}

/** The last one-time code ThaiBulkSMS was asked to text this number, waiting for `after` + 1 texts. */
async function textedCode(page: Page, phone: string, after = 0): Promise<string> {
  const msisdn = `66${phone.slice(1)}`;
  const texts = async () => (await (await page.request.get(`${CONTROL}/sms?msisdn=${msisdn}`)).json()) as string[];
  await expect.poll(async () => (await texts()).length).toBeGreaterThan(after);
  return /(\d{6})/.exec((await texts()).at(-1)!)![1]!;
}

const ACCOUNT = {
  bankCode: 'SCB',
  bankType: 'DEPOSIT',
  mode: 'AUTO',
  nameTH: 'ธนาคารไทยพาณิชย์',
  nameEN: 'SCB',
  bankAccountName: { th: 'บจก. วอลเล็ต', en: 'WALLET CO., LTD.' },
  bankAccountNo: '4051234567',
  currency: 'BAHT',
};
const QR_KBANK = { ...ACCOUNT, bankCode: 'KBANK', bankType: 'QRCODE', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', bankAccountNo: '' };

test('a member of a production site registers with the texted code, deposits by an Opn QR and a slip EasySlip verified, and plays through the game bridge', async ({
  page,
}) => {
  // one member's whole first evening through every real adapter's fake: a bound for a busy machine, not a clock
  test.setTimeout(240_000);
  const phone = freshPhone();
  await useEnglish(page);
  await page.goto('/register');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm with OTP' })).toBeVisible();
  await page.getByLabel('OTP code').fill(await textedCode(page, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Full name').fill('Prod Member');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('How did you hear about us?').selectOption('LINE');
  await page.getByRole('button', { name: 'Next' }).click();
  const accountNo = `7${phone.slice(1)}`;
  await page.getByLabel('Bank', { exact: true }).selectOption('SCB');
  await page.getByLabel('Account number').fill(accountNo);
  await page.getByLabel('First name').fill('prod');
  await page.getByLabel('Last name').fill('member');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);

  // a production site starts with no deposit account: deposits say they are closed
  await page.getByRole('button', { name: 'Deposit' }).click();
  let modal = page.getByRole('dialog', { name: 'Deposit' });
  await expect(modal.getByText('No deposit account is open right now. Please contact support.')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).first().click();

  // the operator sets the site's account and the QR provider, and keeps slip intake open all day
  // where members' money goes takes two admins (issue 39): one proposes the account, another approves it
  const admins = [`ops${Date.now().toString(36)}`, `ops2${Date.now().toString(36)}`];
  for (const admin of admins) await operator(page, 'staff', 'add', admin, 'admin');
  const deposit = JSON.stringify({ banks: [ACCOUNT, QR_KBANK], wallets: [], isManual: false });
  const proposed = await operator(page, '--as', admins[0]!, 'settings', 'set', 'deposit', deposit, '--reason', 'the site account');
  await operator(page, 'settings', 'approve', /proposal (\d+)/.exec(proposed)![1]!, '--as', admins[1]!);
  await operator(page, 'settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime: '00:00' }));
  // the server re-reads its settings on an interval: wait until it offers the account, then open the deposit again
  await expect.poll(async () => (await lookup(page, 'deposit?lang=en')).text()).toContain('4051234567');
  await page.reload();
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(page.getByRole('dialog', { name: 'Deposit' }).getByText('405-123-4567')).toBeVisible();
  modal = page.getByRole('dialog', { name: 'Deposit' });

  // a QR code: Opn's charge, paid by the customer; Opn's webhook names it, the wallet asks Opn and credits it
  await modal.getByRole('button', { name: 'QR Kasikornbank' }).click();
  await modal.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '100', exact: true }).click();
  await modal.getByRole('button', { name: 'Create QR code' }).click();
  await expect(modal.getByRole('img', { name: 'QR code to pay 100.00 baht' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const code = (await (
    await page.request.get('/api/qrcode/KBANK', { headers: { 'x-wallet-client': 'member', authorization: `Bearer ${token}` } })
  ).json()) as { qrcodeId: string };
  const paid = await page.request.post(`${CONTROL}/opn/pay`, { data: { ref: code.qrcodeId } });
  expect(await paid.json()).toEqual({ status: 200, body: { message: 'SUCCESS', status: 'CREDITED' } });
  await expect(modal.getByText('Paid: 100.00 baht credited to your wallet.')).toBeVisible();
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.balance')).toHaveText('100.00');

  // a slip of a transfer from the member's account to the site's, as the bank knows it; EasySlip verifies it
  const slip = await page.request.post(`${CONTROL}/easyslip/transfer`, {
    data: { fromBank: 'SCB', fromAccount: accountNo, fromName: 'PROD MEMBER', toBank: 'SCB', toAccount: ACCOUNT.bankAccountNo, baht: 50 },
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-prod-')), 'slip.png');
  fs.writeFileSync(file, await slip.body());
  await page.getByRole('button', { name: 'Deposit' }).click();
  modal = page.getByRole('dialog', { name: 'Deposit' });
  await modal.locator('input[type=file]').setInputFiles(file);
  await modal.getByRole('button', { name: 'Send slip' }).click();
  await expect(modal.getByText('Credited: 50.00 baht is in your wallet.')).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.locator('.balance')).toHaveText('150.00');

  // a game behind the game-provider protocol: the sandbox bridge, a process of its own with its own books
  await page.getByRole('button', { name: 'PG Soft: open an account' }).click();
  const slot = page.getByRole('dialog', { name: 'PG Soft' });
  await slot.getByRole('button', { name: 'Open an account' }).click();
  await expect(slot.getByRole('textbox', { name: 'Username' })).toHaveValue(/^pg\d{6}$/);
  await slot.getByRole('button', { name: 'Transfer in' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Transfer done.')).toBeVisible();
  await expect(page.getByText('Wallet 50.00 · Games 100.00')).toBeVisible();
  await page.getByRole('button', { name: 'PG Soft: balance 100.00' }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Play on the web' }).click();
  // the bridge's own game page: its balance is what the wallet moved there
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PROD_CONTROL_PORT + 1}/play/PG\\?u=`));
  await expect(page.locator('#balance')).toHaveText('100.00');
  await page.getByRole('button', { name: 'Bet 10', exact: true }).click();
  await expect(page.locator('#result')).toHaveText(/You (won 20\.00|lost 10\.00)/);
  const played = await page.locator('#balance').innerText();
  await page.goto('/user/home');
  await page.getByRole('button', { name: 'All to wallet' }).click();
  await expect(page.getByText('All game balances are back in the wallet.')).toBeVisible();
  await expect(page.locator('.balance')).toHaveText(played === '110.00' ? '160.00' : '140.00');
  await page.screenshot({ path: 'test-results/e2e-prod-artifacts/production-member.png' });
});
