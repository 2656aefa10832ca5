import type { Page } from '@playwright/test';
import { acceptAgreement, expect, freshPhone, operator, registerByApi, signIn, test, useEnglish } from './support';

const PASSWORD = 'bonus-pass1';

/** Back on the wallet home through the bottom menu, as a member goes. */
async function home(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
}

test('deposit, receive a bonus, be held at withdrawal, play the turnover, the bonus ends, withdraw; then a promotion code', async ({
  page,
}) => {
  // a bonus of the operator's: 20 baht on a deposit of 100, turnover 1 x (100 + 20) = 120 baht of bets
  const code = `E2E${String(Date.now()).slice(-8)}`;
  expect(
    operator(
      'bonus',
      'add',
      code,
      '--name',
      'โบนัสทดสอบ',
      '--name-en',
      'Test bonus 20',
      '--fixed',
      '20',
      '--min-deposit',
      '100',
      '--turnover',
      '1',
    ),
  ).toContain(`bonus ${code} added`);
  const phone = freshPhone();
  await useEnglish(page);
  await registerByApi(page.request, {
    phone,
    name: 'Bonus Player',
    password: PASSWORD,
    bankCode: 'SCB',
    firstName: 'bonus',
    lastName: 'player',
  });
  operator('deposit', phone, '100');
  await signIn(page, phone, PASSWORD);
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);

  // the home's bonus-conditions widget leads to the bonus page
  await page.getByRole('link', { name: 'Bonus conditions' }).click();
  await expect(page).toHaveURL(/\/user\/bonus$/);
  await expect(page.getByRole('heading', { name: 'Bonus', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Test bonus 20/ }).click();
  const modal = page.getByRole('dialog', { name: 'Test bonus 20' });
  await expect(modal.getByText('If the conditions are not met, 100% of the bonus is forfeited.')).toBeVisible();
  await modal.getByRole('button', { name: 'Receive bonus' }).click();
  await expect(page.getByText('Bonus received: 20.00 baht is in your wallet.')).toBeVisible();
  const active = page.getByRole('region', { name: 'Your active bonus' });
  await expect(active).toContainText('Play 120.00 baht more to free the bonus money.');
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/bonus-active.png' });

  // the withdraw modal warns, and the server holds the money
  await home(page);
  await expect(page.locator('.balance')).toHaveText('120.00');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(withdraw.getByText('A bonus is active: play 120.00 baht more before you can withdraw.')).toBeVisible();
  await withdraw.getByLabel('Amount (baht)').fill('100');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw.getByRole('alert')).toHaveText('The bonus conditions are not met yet.');
  await withdraw.getByRole('button', { name: 'Close' }).click();

  // move everything into PG Soft and play the demo game: twelve bets of 10 are the turnover, won or lost
  await page.getByRole('button', { name: 'PG Soft: open an account' }).click();
  const slot = page.getByRole('dialog', { name: 'PG Soft' });
  await slot.getByRole('button', { name: 'Open an account' }).click();
  await slot.getByRole('button', { name: 'Transfer in' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer' });
  await transfer.getByLabel('Amount (baht)').fill('120');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Transfer done.')).toBeVisible();
  await page.getByRole('button', { name: 'PG Soft: balance 120.00' }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Play on the web' }).click();
  await expect(page).toHaveURL(/\/play\/PG\?u=/);
  for (let bet = 1; bet <= 12; bet += 1) {
    await page.getByRole('button', { name: 'Bet 10', exact: true }).click();
    await expect(page.locator('#result')).toHaveText(/You (won 20\.00|lost 10\.00)/);
  }
  // the bonus has ended by itself when next looked at: the page offers a promotion code again, and the statement says why
  await page.goto('/user/bonus');
  await expect(page.getByLabel('Promotion code')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your active bonus' })).toBeHidden();
  expect(operator('turnover', phone)).toContain('has no active bonus');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page.locator('.statement-row').first()).toContainText('Bonus ended: turnover reached');

  // the money is free: all back to the wallet and withdraw
  operator('deposit', phone, '100');
  await home(page);
  await page.getByRole('button', { name: 'All to wallet' }).click();
  await expect(page.getByText('All game balances are back in the wallet.')).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw.getByText(/A bonus is active/)).toBeHidden();
  await withdraw.getByLabel('Amount (baht)').fill('100');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Withdrawal requested. Please wait for the transfer to your bank.')).toBeVisible();

  // a promotion code, typed in lower case
  await page.getByRole('link', { name: 'Bonus conditions' }).click();
  const codeField = page.getByLabel('Promotion code');
  await codeField.pressSequentially('welcome50');
  await expect(codeField).toHaveValue('WELCOME50');
  await page.getByRole('button', { name: 'Search' }).click();
  const promotion = page.getByRole('dialog', { name: 'WELCOME50' });
  await expect(promotion.getByText('Welcome code: 50 baht free credit, no deposit needed.')).toBeVisible();
  // the terms before the member confirms: what it sets and that it holds the whole balance
  await expect(
    promotion.getByText('It sets a turnover of 250.00 baht: you must bet that much in games before you can withdraw.'),
  ).toBeVisible();
  await expect(
    promotion.getByText('Until then your whole balance is held, your own deposits included: none of it can be withdrawn.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e-artifacts/screens/promotion-found.png' });
  await promotion.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText('Promotion received: 50.00 baht is in your wallet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your active bonus' })).toContainText('WELCOME50');
  expect(operator('turnover', phone)).toContain('active: promotion WELCOME50 of 50 BAHT');
  expect(operator('ledger', 'check')).toContain('ledger check: every entry balances');
});

test('an unknown promotion code says it was not found', async ({ page }) => {
  const phone = freshPhone();
  await useEnglish(page);
  await registerByApi(page.request, {
    phone,
    name: 'Code Finder',
    password: PASSWORD,
    bankCode: 'KBANK',
    firstName: 'code',
    lastName: 'finder',
  });
  await signIn(page, phone, PASSWORD);
  await acceptAgreement(page);
  await page.goto('/user/bonus');
  await page.getByLabel('Promotion code').fill('nosuchcode');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog').getByText('Promotion code not found.')).toBeVisible();
});
