import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addStaff, expect, firstSignIn, memberOnHome, operator, staffInEnglish, test } from './support';

/**
 * Issue 39's console at a desktop's and a tablet's width, through the axe gate: a slip picked from the
 * list comes into view with its sending bank by name; a member's page opens on the overview, a waiting
 * withdrawal without a bank reference, the games with nothing in them folded away. One member and one
 * clerk: the clerk looks at 1280 px, then at 768 px on the same device (the gate checks each screen again
 * at the new width).
 */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
];

test(`at 1280 and 768 px: a picked slip opens in view, and a member's page opens on the overview`, async ({ page, browser }) => {
  operator('settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime: '00:00' }));
  const name = 'Overview Desk';
  const phone = await memberOnHome(page, { name, password: 'overview-pass1', deposit: 700, firstName: 'overview', lastName: 'member' });
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await withdraw.getByLabel('Amount (baht)').fill('200');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Withdrawal requested. Please wait for the transfer to your bank.')).toBeVisible();
  // a slip from an account the bank names otherwise: a person must look at it
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-slip-')), 'slip.png');
  expect(operator('slip', 'make', phone, '150', file, '--sender-name', 'Someone Else')).toContain('transaction reference');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.locator('input[type=file]').setInputFiles(file);
  await deposit.getByRole('button', { name: 'Send slip' }).click();
  await expect(deposit.getByText('In review: our staff are checking this slip; the result shows here.')).toBeVisible({ timeout: 30_000 });

  const clerk = addStaff('finance');
  const desk = await browser.newPage({ viewport: WIDTHS[0] });
  try {
    await staffInEnglish(desk);
    await firstSignIn(desk, clerk.username, clerk.oneTime, 'a long overview passphrase');
    for (const viewport of WIDTHS) {
      await desk.setViewportSize(viewport);
      await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Slips' }).click();
      await desk
        .getByRole('row')
        .filter({ hasText: phone })
        .getByRole('button', { name: /^Review slip / })
        .click();
      const heading = desk.getByRole('heading', { name: /^Slip /, level: 2 });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      const detail = desk.getByRole('region', { name: /^Slip / });
      // the bank by its name, the slip's code beside it: not a bare 014
      await expect(detail.locator('dt:text-is("Sending bank") + dd')).toHaveText(/^\D.* \(\d{3}\)$/);

      await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Members' }).click();
      await desk.getByLabel('Phone, name, bank account or member id').fill(phone);
      await desk.getByRole('button', { name: 'Search' }).click();
      await desk.getByRole('region', { name: 'Members found' }).getByRole('link').filter({ hasText: phone }).click();
      await expect(desk.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
      await expect(desk.getByRole('heading', { level: 2 }).first()).toHaveText('Overview');
      const fact = (term: string) => desk.locator(`dt:text-is("${term}") + dd`);
      await expect(fact('Deposits, lifetime')).toHaveText('700.00 (1 time)');
      // the withdrawal waits: nothing paid yet, and no reference shown as if it were
      await expect(fact('Withdrawals paid, lifetime')).toHaveText('0.00 (0 times)');
      await expect(fact('Net (deposits less withdrawals)')).toHaveText('700.00');
      const waiting = desk.getByRole('region', { name: 'Withdrawals, newest first' }).getByRole('row').nth(1);
      await expect(waiting.getByRole('cell').nth(3)).toHaveText('Waiting to be paid');
      await expect(waiting.getByRole('cell').nth(4)).toHaveText('—');
      await expect(desk.getByText(/games? with no balance$/)).toBeVisible();
      await desk.screenshot({ path: `test-results/e2e-artifacts/screens/member-overview-${viewport.width}.png`, fullPage: true });
    }
  } finally {
    await desk.close();
  }
});
