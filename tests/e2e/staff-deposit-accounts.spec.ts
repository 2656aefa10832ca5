import type { Page } from '@playwright/test';
import { addStaff, expect, firstSignIn, memberOnHome, staffInEnglish, test } from './support';

/**
 * Deposit accounts in the console (issue 39): an admin proposes a new account, a second admin approves
 * it and members see it on the deposit screen; an admin retires it and members no longer see it. The
 * first admin at the desktop's 1280 px, the second at the tablet's 768 px; the member's deposit screen
 * at both; with the axe gate on every screen.
 */

/** The account number as the member's deposit screen shows ten digits: 012-345-6789. */
const shown = (no: string) => `${no.slice(0, 3)}-${no.slice(3, 6)}-${no.slice(6)}`;

/** Opens the member's deposit screen afresh until `check` holds (the lookup may be served from the cache first). */
async function depositScreen(page: Page, check: (modal: ReturnType<Page['getByRole']>) => Promise<void>) {
  const modal = page.getByRole('dialog', { name: 'Deposit' });
  await expect(async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Deposit' }).click();
    await check(modal);
  }).toPass({ timeout: 60_000 });
  await modal.getByRole('button', { name: 'Close' }).first().click();
}

test('a new deposit account proposed at 1280 px waits for a second admin at 768 px, then members see it until it is retired', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const [desk, tablet] = [
    { width: 1280, height: 900 },
    { width: 768, height: 900 },
  ];
  await page.setViewportSize(desk);
  const stamp = Date.now().toString(36);
  // ten digits, unlike the other runs' and the seeded account's middle digits (a slip shows only some)
  const accountNo = `401${String(Date.now()).slice(-7)}`;
  const first = addStaff('admin', undefined, `acc${stamp}`);
  await staffInEnglish(page);
  await firstSignIn(page, first.username, first.oneTime, 'a long admin passphrase');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Deposit accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Deposit accounts', level: 1 })).toBeFocused();
  await expect(page.getByRole('table', { name: 'Deposit accounts (Baht)' })).toContainText('0481234567');

  await page.getByRole('button', { name: 'Add an account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add a deposit account' });
  await expect(dialog.getByLabel('Bank')).toBeFocused();
  await dialog.getByLabel('Bank').selectOption('SCB');
  await dialog.getByLabel('Account number').fill(accountNo);
  await dialog.getByLabel('Account name').fill('WALLET CO., LTD.');
  await dialog.getByLabel('Reason').fill('a second account for the evenings');
  await dialog.getByRole('button', { name: 'Propose the account' }).click();
  await expect(page.getByText(`The new account ${accountNo} waits for a second admin.`, { exact: false })).toBeVisible();
  const change = page.getByRole('region', { name: 'A change waits for a second admin' });
  await expect(change).toContainText(`Adds Siam Commercial Bank ${accountNo}`);
  await expect(change.getByRole('button', { name: 'Approve the account change' })).toHaveCount(0);

  // a member, on a device of their own, is not shown it yet
  const memberContext = await browser.newContext({ viewport: desk });
  const other = await browser.newContext({ viewport: tablet });
  try {
    const member = await memberContext.newPage();
    await memberOnHome(member, { name: 'Desk Watcher', password: 'watcher-pass1' });
    await depositScreen(member, async (modal) => {
      await expect(modal.getByText('048-123-4567')).toBeVisible({ timeout: 5_000 });
      await expect(modal.getByText(shown(accountNo))).toHaveCount(0);
    });

    // the second admin approves it
    const second = await other.newPage();
    const admin = addStaff('admin', undefined, `acc2${stamp}`);
    await staffInEnglish(second);
    await firstSignIn(second, admin.username, admin.oneTime, 'another admin passphrase');
    await second.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Deposit accounts' }).click();
    await second.getByRole('button', { name: 'Approve the account change' }).click();
    const approve = second.getByRole('alertdialog', { name: 'Approve the account change' });
    await expect(approve).toContainText('a second account for the evenings');
    await approve.getByRole('button', { name: 'Approve the account change' }).click();
    await expect(second.getByText('The account change is approved: members see the new account now.')).toBeVisible();
    const row = second.getByRole('row').filter({ hasText: accountNo });
    await expect(row).toContainText('Active');
    await second.screenshot({ path: `test-results/e2e-artifacts/screens/deposit-accounts-768.png`, fullPage: true });

    // the member's deposit screen at the tablet's width too
    await member.setViewportSize(tablet);
    await depositScreen(member, async (modal) => {
      await expect(modal.getByText(shown(accountNo))).toBeVisible({ timeout: 5_000 });
    });

    // the first admin retires it, at once
    await page.reload();
    await page.getByRole('button', { name: `Retire Siam Commercial Bank ${accountNo}` }).click();
    const retire = page.getByRole('alertdialog', { name: `Retire Siam Commercial Bank ${accountNo}` });
    await expect(retire).toContainText('up to 24 hours after now is still credited');
    await retire.getByLabel('Reason').fill('the bank froze it');
    await retire.getByRole('button', { name: 'Retire the account' }).click();
    await expect(page.getByText(`Siam Commercial Bank ${accountNo} is retired: members no longer see it.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: accountNo })).toContainText('Retired since');
    await page.screenshot({ path: `test-results/e2e-artifacts/screens/deposit-accounts-1280.png`, fullPage: true });

    await depositScreen(member, async (modal) => {
      await expect(modal.getByText('048-123-4567')).toBeVisible({ timeout: 5_000 });
      await expect(modal.getByText(shown(accountNo))).toHaveCount(0);
    });
  } finally {
    await memberContext.close();
    await other.close();
  }
});
