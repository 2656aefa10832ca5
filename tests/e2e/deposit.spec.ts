import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { addStaff, expect, expectBalance, memberOnHome, operator, savedQueries, serviceWorkerReady, slipFile, test } from './support';

const PASSWORD = 'deposit-pass1';

/** The member's open payment QR code, as the operator lists it: its id. */
function openCodeOf(phone: string): string {
  const id =
    operator('qr', 'list')
      .split('\n')
      .find((line) => line.includes(phone) && line.includes('OPEN'))
      ?.split('\t')[0] ?? '';
  expect(id).toMatch(/^QR/);
  return id;
}

/** In the open Deposit dialog: a Kasikornbank QR code of `amount` baht made and shown; answers its id. */
async function kbankCode(page: Page, phone: string, amount: string): Promise<string> {
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  await modal.getByRole('button', { name: 'QR Kasikornbank' }).click();
  await modal.getByLabel('Amount (baht)').fill(amount);
  await modal.getByRole('button', { name: 'Create QR code' }).click();
  await expect(modal.getByRole('img', { name: `QR code to pay ${Number(amount).toFixed(2)} baht` })).toBeVisible();
  return openCodeOf(phone);
}

/** A new member, signed in on the wallet home, and the operator's slip uploads open all day for the test. */
async function newMember(page: Page, name: string): Promise<string> {
  operator('settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime: '00:00' }));
  return memberOnHome(page, { name, password: PASSWORD, firstName: 'slip', lastName: 'payer' });
}

test('a slip made by the bank is uploaded with progress, checked, credited, and shown in the slip status', async ({ page, context }) => {
  const phone = await newMember(page, 'Slip Payer');
  const file = slipFile(phone, '250');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.getByRole('button', { name: 'Deposit' }).click();
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  // the member's registered account to transfer from, its number masked, above the account to transfer to
  await expect(modal.getByRole('region', { name: 'Transfer from your registered account' })).toContainText(/xxx-xxx-\d{4}/);
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/deposit-open.png' });
  // the account to transfer to, with its copy button
  await expect(modal.getByText('048-123-4567')).toBeVisible();
  await modal.getByRole('button', { name: 'Copy account number 0481234567' }).click();
  await expect(page.getByText('Copied: 0481234567')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0481234567');
  await expect(modal.getByText('Minimum deposit by slip: 1.00 baht.')).toBeVisible();

  await modal.locator('input[type=file]').setInputFiles(file);
  await expect(modal.getByRole('img', { name: 'The slip you chose' })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/deposit-chosen.png' });
  // a slow connection, so the progress can be seen as a member on mobile data sees it
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 200_000,
    uploadThroughput: 2_000,
  });
  await modal.getByRole('button', { name: 'Send slip' }).click();
  const progress = modal.getByRole('progressbar', { name: 'Uploading slip.png' });
  await expect(progress).toBeVisible();
  await expect(modal.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await modal.getByRole('progressbar').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/deposit-uploading.png' });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // received, then (a live event) its result on the same row
  await expect(modal.getByText('Credited: 250.00 baht is in your wallet.')).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Close' }).click();

  await expectBalance(page, '250.00');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page.getByText('Deposit by bank slip')).toBeVisible();
  await page.getByRole('button', { name: 'Slip status' }).click();
  const slips = page.getByRole('dialog', { name: 'Slip status' });
  const row = slips.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('250.00');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Credited');
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/slip-status.png' });
  await row.getByRole('button', { name: 'View' }).click();
  const image = page.getByRole('dialog', { name: 'Your slip' }).getByRole('img', { name: 'The slip you uploaded' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(540);

  // the same slip again is refused, with the reason in the member's words
  await page.getByRole('dialog', { name: 'Your slip' }).getByRole('button', { name: 'Close' }).click();
  await slips.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Deposit' }).click();
  await modal.getByRole('button', { name: 'Dismiss' }).click();
  await modal.locator('input[type=file]').setInputFiles(file);
  await modal.getByRole('button', { name: 'Send slip' }).click();
  // received, then (a live event) its result on the same row
  await expect(modal.getByText('Not credited: This slip has already been used.')).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Slip status' }).click();
  await expect(async () => {
    await slips.getByRole('button', { name: 'Refresh' }).click();
    await expect(slips.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('Failed · This slip has already been used.', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('.statement-amount')).toHaveText(['+250.00']);
});

test('a slip chosen offline waits on the phone and uploads by itself when the connection returns, once', async ({ page, context }) => {
  const phone = await newMember(page, 'Offline Payer');
  const file = slipFile(phone, '120.50');
  await serviceWorkerReady(page);
  // the deposit accounts are saved on this device by one visit
  await page.getByRole('button', { name: 'Deposit' }).click();
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  await expect(modal.getByText('048-123-4567')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  // kept in the app's saved queries (the service worker does not keep the deposit accounts: they must be current)
  await expect.poll(() => savedQueries(page)).toContain('0481234567');

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.balance')).toHaveText('0.00');
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(modal.getByText('048-123-4567')).toBeVisible();
  await expect(modal.getByText(/^Saved \d\d\/\d\d\/\d{4} [\d:]+\. You are offline/)).toBeVisible();
  await modal.locator('input[type=file]').setInputFiles(file);
  await modal.getByRole('button', { name: 'Send when back online' }).click();
  await expect(modal.getByText('Waiting for a connection: it will be sent by itself when you are back online.')).toBeVisible();
  await page.getByLabel('ภาษา').or(page.getByLabel('Language')).first().selectOption('th');
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/deposit-offline-th.png', fullPage: true });
  await page.getByLabel('ภาษา').or(page.getByLabel('Language')).first().selectOption('en');
  // English on the screen: the choice is kept on the phone before the screen changes (i18n.ts), so the
  // reload opens in it (a reload at once could come before the choice was written, CI59)
  await expect(modal.getByText('Waiting for a connection: it will be sent by itself when you are back online.')).toBeVisible();

  // still waiting after a reload, offline
  await page.reload();
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(modal.getByText('Waiting for a connection', { exact: false })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();

  await context.setOffline(false);
  await expectBalance(page, '120.50');
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(modal.getByText('Credited: 120.50 baht is in your wallet.')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  // uploaded once: one slip on the server for this member
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Slip status' }).click();
  await expect(page.getByRole('dialog', { name: 'Slip status' }).getByRole('row')).toHaveCount(2);
});

test('a payment QR code counts down, can be cancelled, and once paid by the gateway credits the wallet; a gift link credits its voucher', async ({
  page,
}) => {
  const phone = await newMember(page, 'QR Payer');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  await modal.getByRole('button', { name: 'QR Kasikornbank' }).click();

  // WW needs 100: the member is told before anything is sent
  await modal.getByRole('button', { name: 'QR TrueMoney Wallet' }).click();
  await modal.getByLabel('Amount (baht)').fill('50');
  await modal.getByRole('button', { name: 'Create QR code' }).click();
  await expect(modal.getByRole('alert')).toHaveText('The minimum for this QR code is 100.00 baht.');

  await modal.getByRole('button', { name: 'QR Kasikornbank' }).click();
  await modal.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '100', exact: true }).click();
  await modal.getByRole('button', { name: 'Create QR code' }).click();
  await expect(modal.getByRole('img', { name: 'QR code to pay 100.00 baht' })).toBeVisible();
  const timer = modal.getByRole('timer');
  await expect(timer).toHaveText(/^Valid for (10:00|09:5\d)$/);
  const first = await timer.innerText();
  await expect(timer).not.toHaveText(first); // it ticks
  // at 360x740 the whole open code is on screen without scrolling: the code, its amount and countdown, save and cancel
  for (const shown of [
    modal.getByRole('img', { name: 'QR code to pay 100.00 baht' }),
    modal.getByText('100.00 baht', { exact: true }),
    timer,
    modal.getByText(/^(Save|Share) QR$/),
    modal.getByRole('button', { name: 'Cancel this QR code' }),
  ])
    await expect(shown).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/deposit-qr.png' });
  // "Save QR" (a browser without file sharing downloads it): a PNG of the code with its lines under it
  const saving = page.waitForEvent('download');
  await modal.getByRole('link', { name: 'Save QR' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe('qr-KBANK-100.png');
  await saved.saveAs('test-results/e2e-artifacts/screens/deposit-qr-saved.png');
  const png = fs.readFileSync(await saved.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.readUInt32BE(16)).toBe(544); // the code's 480 pixels and the margins; taller, for the text
  expect(png.readUInt32BE(20)).toBeGreaterThan(600);
  await modal.getByRole('button', { name: 'Cancel this QR code' }).click();
  await expect(modal.getByRole('button', { name: 'Create QR code' })).toBeVisible();
  expect(operator('qr', 'list')).toMatch(new RegExp(`${phone}\\tKBANK\\t100(\\.00)? BAHT\\tCANCELLED`));

  // a new code, paid through the sandbox gateway's signed callback
  await modal.getByLabel('Amount (baht)').fill('55.50');
  await modal.getByRole('button', { name: 'Create QR code' }).click();
  await expect(modal.getByRole('img', { name: 'QR code to pay 55.50 baht' })).toBeVisible();
  expect(operator('qr', 'pay', openCodeOf(phone))).toMatch(/CREDITED/);
  // the open view turns paid by itself (a live event): nothing left to pay
  await expect(modal.getByText('Paid: 55.50 baht credited to your wallet.')).toBeVisible();
  await expect(modal.getByRole('timer')).toBeHidden();
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator('.balance')).toHaveText('55.50');

  // a gift link the sandbox voucher service made
  const link = operator('giftlink', 'make', '25').trim().split('\n').at(-1)!;
  expect(link).toMatch(/^https:\/\/gift\.truemoney\.com\/campaign\/\?v=/);
  await page.getByRole('button', { name: 'Deposit' }).click();
  await modal.getByRole('button', { name: 'Gift link' }).click();
  await modal.getByRole('button', { name: 'Send link' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please paste your gift link.');
  await modal.getByLabel('TrueMoney gift link').fill(link);
  await modal.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Link sent: 25.00 baht is in your wallet.')).toBeVisible();
  await expect(page.locator('.balance')).toHaveText('80.50');
  // the same link twice is refused
  await page.getByRole('button', { name: 'Deposit' }).click();
  await modal.getByRole('button', { name: 'Gift link' }).click();
  await modal.getByLabel('TrueMoney gift link').fill(link);
  await modal.getByRole('button', { name: 'Send link' }).click();
  await expect(modal.getByRole('alert')).toHaveText('This gift link has already been used.');
  await modal.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page.getByText('Deposit by wallet gift link')).toBeVisible();
  await expect(page.getByText('Deposit by KBank QR code')).toBeVisible();
});

test('a payment QR code paid while the phone is offline says so when the connection returns', async ({ page, context }) => {
  const phone = await newMember(page, 'Offline Payer');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  const id = await kbankCode(page, phone, '120');

  // the member's phone loses its connection; the gateway's callback reaches the server meanwhile
  await context.setOffline(true);
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  expect(operator('qr', 'pay', id)).toMatch(/CREDITED/);
  // no live event can reach an offline phone: the code is still shown as waiting
  await expect(modal.getByRole('img', { name: 'QR code to pay 120.00 baht' })).toBeVisible();

  await context.setOffline(false);
  await expect(modal.getByText('Paid: 120.00 baht credited to your wallet.')).toBeVisible();
  await expect(modal.getByRole('timer')).toBeHidden();
  // where the code was: on the screen, with the focus on what to do next (inside the sheet)
  await expect(modal.getByText('Paid: 120.00 baht credited to your wallet.')).toBeInViewport();
  await expect(modal.getByRole('button', { name: 'Done' })).toBeFocused();
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.balance')).toHaveText('120.00');

  // the dialog closed with "I have transferred", the code paid offline: reopened, it says paid, not a new amount
  await page.getByRole('button', { name: 'Deposit' }).click();
  const second = await kbankCode(page, phone, '130');
  await modal.getByRole('button', { name: 'I have transferred' }).click();
  await expect(modal).toBeHidden();
  await context.setOffline(true);
  expect(operator('qr', 'pay', second)).toMatch(/CREDITED/);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Deposit' }).click();
  await modal.getByRole('button', { name: 'QR Kasikornbank' }).click();
  await expect(modal.getByText('Paid: 130.00 baht credited to your wallet.')).toBeVisible();
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.balance')).toHaveText('250.00');
  // told once: opened again, the amount picker
  await page.getByRole('button', { name: 'Deposit' }).click();
  await modal.getByRole('button', { name: 'QR Kasikornbank' }).click();
  await expect(modal.getByRole('button', { name: 'Create QR code' })).toBeVisible();
});

test('where the operator allows it, a manual deposit request waits on the statement until staff confirm it', async ({ page }) => {
  const deposit = JSON.parse(operator('settings', 'get', 'deposit').split('\n').slice(1).join('\n')) as Record<string, unknown>;
  operator('settings', 'set', 'deposit', JSON.stringify({ ...deposit, isManual: true }));
  try {
    const phone = await newMember(page, 'Manual Payer');
    await page.getByRole('button', { name: 'Deposit' }).click();
    const modal = page.getByRole('dialog', { name: 'Deposit' });
    await modal.getByRole('button', { name: 'Request', exact: true }).click();
    await modal.getByLabel('Amount (baht)').fill('0');
    await modal.getByRole('button', { name: 'Send request' }).click();
    await expect(modal.getByRole('alert')).toHaveText('The amount is below the minimum deposit.');
    await modal.getByLabel('Amount (baht)').fill('300');
    await modal.getByRole('button', { name: 'Send request' }).click();
    await expect(
      page.getByText('Request sent. Our staff will confirm your deposit; it shows as in progress in your history.'),
    ).toBeVisible();

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'History' }).click();
    await expect(page.getByText('Deposit request')).toBeVisible();
    await expect(page.getByText('Waiting for our staff to confirm')).toBeVisible();

    // the lines after "open manual request(s)": id, member, amount, time
    const requests = operator('deposits', 'list').split(/open manual request\(s\)[^\n]*\n/)[1] ?? '';
    const open = requests.split('\n').find((line) => line.includes(phone));
    const id = open?.split('\t')[0] ?? '';
    // confirming credits on a person's word: a finance clerk named with --as (the money policy, issue 36)
    const clerk = addStaff('finance').username;
    expect(operator('deposit-request', 'confirm', id, '--as', clerk)).toContain(`deposit request ${id} confirmed`);
    await page.reload();
    await expect(page.getByText('Deposit request')).toBeVisible();
    await expect(page.locator('.statement-status')).toHaveText('Success');
    await expect(page.locator('.statement-amount')).toHaveText('+300.00');
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page.locator('.balance')).toHaveText('300.00');
  } finally {
    operator('settings', 'set', 'deposit', JSON.stringify(deposit));
  }
});
