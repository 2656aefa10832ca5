import pg from 'pg';
import { embeddedUrl } from '../../server/src/db/embedded-postgres';
import type { Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { acceptAgreement, expect, freshPhone, operator, otpFromLog, register, registerByApi, signIn, test, useEnglish } from './support';

const PASSWORD = 'invite-pass1';
const SCREENS = 'test-results/e2e-artifacts/screens';

async function home(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
}

/** The friend's four steps, from the invite link: the inviter's code is filled and kept to the end. */
async function registerFromLink(page: Page, link: string, phone: string, code: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('OTP code').fill(await otpFromLog(phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue(code);
  await page.getByLabel('Full name').fill('Invited Friend');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('How did you hear about us?').selectOption('LINE');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Bank', { exact: true }).selectOption('KBANK');
  await page.getByLabel('Account number').fill(`7${phone.slice(1)}`);
  await page.getByLabel('First name').fill('invited');
  await page.getByLabel('Last name').fill('friend');
  // back to the profile step and forward again: the code is still there
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue(code);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Bank', { exact: true }).selectOption('KBANK');
  await page.getByLabel('Account number').fill(`7${phone.slice(1)}`);
  await page.getByLabel('First name').fill('invited');
  await page.getByLabel('Last name').fill('friend');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').getByText('Registration complete. Please sign in.')).toBeVisible();
}

test('an inviter shares the link, the friend registers with it and deposits, the inviter receives the bonus', async ({ page, browser }) => {
  // 10% of each deposit, receivable at once; one banner before the modal
  operator(
    'invite',
    'rule',
    'set',
    '--active',
    'yes',
    '--percent',
    '10',
    '--turnover',
    '0',
    '--banners',
    JSON.stringify([{ image: '/bonus/daily.svg', html: { th: '<p>ชวนเพื่อนรับ 10%</p>', en: '<p>Invite friends, earn 10%</p>' } }]),
  );
  const phone = freshPhone();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await useEnglish(page);
  await registerByApi(page.request, {
    phone,
    name: 'Inviting Player',
    password: PASSWORD,
    bankCode: 'SCB',
    firstName: 'inviting',
    lastName: 'player',
  });
  await signIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);
  await expect(page.getByText('Invite bonus', { exact: true })).toBeVisible();

  // the banners first, then the invite modal with the link to copy
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const banners = page.getByRole('dialog', { name: 'Invite friends' });
  await expect(banners.getByText('Invite friends, earn 10%')).toBeVisible();
  await banners.getByRole('button', { name: 'Continue' }).click();
  const modal = page.getByRole('dialog', { name: 'Invite friends' });
  const linkField = modal.getByLabel('Your invite link');
  await expect(linkField).toHaveValue(/\/register\?code=PR\d+$/);
  const link = await linkField.inputValue();
  const code = link.split('code=')[1]!;
  await modal.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(`Copied: ${link}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(modal.getByText('No invite bonus yet. Share your link with friends.')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/invite-modal.png` });
  await modal.getByRole('button', { name: 'Close' }).click();

  // the friend, in a browser of their own, registers through the link
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const friendPhone = freshPhone();
  await useEnglish(friend);
  await registerFromLink(friend, link, friendPhone, code);
  await friendContext.close();
  operator('deposit', friendPhone, '1000');

  // the inviter sees 100.00 ready and receives it
  await page.reload();
  await expect(page.locator('.invite-amount')).toHaveText('100.00');
  await page.getByRole('button', { name: 'Receive Invite bonus' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Receive invite bonus?' });
  await expect(dialog.getByText(/Ready to receive: 100% \(about 100\.00 baht\)/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/invite-receive.png` });
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText('Invite bonus received: 100.00 baht is in your wallet.')).toBeVisible();
  await expect(page.locator('.balance')).toHaveText('100.00');
  await expect(page.locator('.invite-amount')).toHaveText('0.00');

  // the records and the statement name it
  await page.getByRole('button', { name: 'Invite friends' }).click();
  await page.getByRole('dialog', { name: 'Invite friends' }).getByRole('button', { name: 'Continue' }).click();
  const records = page.getByRole('dialog', { name: 'Invite friends' }).getByRole('table');
  await expect(records.getByRole('row').nth(1)).toContainText(/Invited Friend\s*100\.00\s*\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/);
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page.locator('.statement-row').first()).toContainText('Invite bonus');
  await expect(page.locator('.statement-row').first()).toContainText('+100.00');

  // the same at 360 px in Thai
  await home(page);
  await page.getByLabel('Language').selectOption('th');
  await expect(page.getByText('โบนัสชวนเพื่อน', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/invite-home-th.png`, fullPage: true });
  await page.getByRole('button', { name: 'ชวนเพื่อน', exact: true }).click();
  await page.getByRole('dialog', { name: 'ชวนเพื่อน' }).getByRole('button', { name: 'ดำเนินการต่อ' }).click();
  await expect(page.getByRole('dialog', { name: 'ชวนเพื่อน' }).getByRole('table')).toContainText('Invited Friend');
  await page.screenshot({ path: `${SCREENS}/invite-modal-th.png` });
  operator('invite', 'rule', 'set', '--banners', '[]');
});

test('a loss on a closed day comes back as cashback: receive it, then move it to the wallet', async ({ page }) => {
  operator('refund', 'rule', 'set', '--active', 'yes', '--period', 'day', '--percent', '50', '--minimum', '1');
  const phone = freshPhone();
  await useEnglish(page);
  await register(page, {
    phone,
    name: 'Cashback Player',
    password: PASSWORD,
    bankCode: 'KBANK',
    firstName: 'cashback',
    lastName: 'player',
  });
  operator('deposit', phone, '100');
  await signIn(page, phone, PASSWORD);
  await acceptAgreement(page);
  await expect(page.getByRole('button', { name: 'Cashback refund' })).toBeHidden();

  // into PG Soft, and bet until the game has taken something
  await page.getByRole('button', { name: 'PG Soft: open an account' }).click();
  const slot = page.getByRole('dialog', { name: 'PG Soft' });
  await slot.getByRole('button', { name: 'Open an account' }).click();
  await slot.getByRole('button', { name: 'Transfer in' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Transfer done.')).toBeVisible();
  await page.getByRole('button', { name: 'PG Soft: balance 100.00' }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Play on the web' }).click();
  await expect(page).toHaveURL(/\/play\/PG\?u=/);
  // the sandbox bridge's demo game is told to take this round (a drill), so the loss is certain
  operator('games', 'drill', 'PG', 'lose');
  await page.reload();
  await expect(page.locator('#drill')).toHaveText('Drill: every round is lost');
  await page.getByRole('button', { name: 'Bet 50', exact: true }).click();
  await expect(page.locator('#result')).toHaveText('You lost 50.00');
  operator('games', 'drill', 'PG', 'none');
  const balance = Number(await page.locator('#balance').textContent());
  expect(balance).toBe(50);
  const loss = 100 - balance;

  // back home: the refresh books the game's result; it is moved to yesterday, a closed day, and computed
  await page.goto('/user/home');
  await expect(page.getByRole('button', { name: `PG Soft: balance ${balance.toFixed(2)}` })).toBeVisible();
  // the game's result moved to yesterday as a ledger corrects itself: the entry stays as written, a new
  // one takes it back today and another books it again a day earlier (the server's own database, the
  // embedded Postgres of its DATA_DIR, through the ledger's own function)
  const db = new pg.Client({ connectionString: embeddedUrl(E2E_DATA_DIR) });
  await db.connect();
  try {
    const { rows } = await db.query<{
      id: number;
      member_id: number;
      amount: string;
      from_label: string;
      to_label: string;
      created_at: string;
    }>(
      `SELECT j.id, j.member_id, j.amount, j.from_label, j.to_label, j.created_at FROM journal j JOIN members m ON m.id = j.member_id
       WHERE m.phone = $1 AND j.type = 'game_result' ORDER BY j.id DESC LIMIT 1`,
      [phone],
    );
    const entry = rows[0]!;
    const postings = (
      await db.query<{ account: number; amount: string }>('SELECT account_id AS account, amount FROM postings WHERE journal_id = $1', [
        entry.id,
      ])
    ).rows;
    const move = (at: number, sign: number, from: string, to: string) =>
      db.query(`SELECT ledger_move_v1($1, 'game_result', 'SUCCESS', $2, $3, $4, false, $5, $6::integer[], $7::bigint[])`, [
        entry.member_id,
        entry.amount,
        from,
        to,
        at,
        postings.map((p) => p.account),
        postings.map((p) => sign * Number(p.amount)),
      ]);
    await db.query('BEGIN');
    await move(Date.now(), -1, entry.to_label, entry.from_label);
    await move(Number(entry.created_at) - 86_400_000, 1, entry.from_label, entry.to_label);
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(Date.now() - 86_400_000);
  expect(operator('refund', 'run', yesterday)).toMatch(/new refund/);
  const refund = (loss / 2).toFixed(2);

  // the widget appears; receive into the refund balance, then move it to the wallet after confirming
  await page.reload();
  await page.getByRole('button', { name: 'Cashback refund' }).click();
  const modal = page.getByRole('dialog', { name: 'Cashback refund' });
  await expect(modal.locator('.refund-amount')).toHaveText(`${refund} baht`);
  await expect(modal.getByText("We refund 50% of a period's net loss")).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Move to wallet' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Receive refund' }).click();
  await expect(page.getByText(`Refund received: ${refund} baht is in your refund balance.`)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Receive refund' })).toBeDisabled();
  await expect(modal.getByRole('table').getByRole('row').nth(1)).toContainText(refund);
  await page.screenshot({ path: `${SCREENS}/refund-modal.png` });
  await modal.getByRole('button', { name: 'Move to wallet' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Move refund to wallet?' });
  await expect(confirm).toContainText(`${refund} baht will move from your refund balance into your wallet.`);
  await confirm.getByRole('button', { name: 'Move to wallet' }).click();
  await expect(page.getByText(`${refund} baht of refund moved into your wallet.`)).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.balance-split')).toContainText(`Wallet ${refund}`);
  await expect(page.getByRole('button', { name: 'Cashback refund' })).toBeHidden();
  await home(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page.locator('.statement-row').first()).toContainText('Cashback refund');
  expect(operator('ledger', 'check')).toContain('ledger check: every entry balances');
});
