import { expect, memberOnHome, operator, test } from './support';

test('open a game account, transfer 100 in, play, bring it all back, withdraw, and see the statement', async ({ page }) => {
  // a member of its own, with money from the operator's manual deposit
  const phone = await memberOnHome(page, { name: 'Wallet Player', password: 'player-pass1', deposit: 1000 });
  const balance = page.locator('.balance');
  await expect(balance).toHaveText('1,000.00');

  // open the PG account and move 100 into it
  await page.getByRole('button', { name: 'PG Soft: open an account' }).click();
  const slot = page.getByRole('dialog', { name: 'PG Soft' });
  await slot.getByRole('button', { name: 'Open an account' }).click();
  await expect(slot.getByRole('textbox', { name: 'Username' })).toHaveValue(/^pg\d{6}$/);
  await expect(slot.getByRole('button', { name: 'Transfer out' })).toBeDisabled();
  await slot.getByRole('button', { name: 'Transfer in' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer' });
  await expect(transfer.getByLabel('From')).toHaveValue('WALLET');
  await expect(transfer.getByLabel('To')).toHaveValue('PG');
  await transfer.getByLabel('Amount (baht)').fill('0.5');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer.getByRole('alert')).toHaveText('The minimum amount is 1.00 baht.');
  await transfer.getByLabel('Amount (baht)').fill('100');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Transfer done.')).toBeVisible();
  // the header's total stays: the money moved, it did not go
  await expect(balance).toHaveText('1,000.00');
  await expect(page.getByText('Wallet 900.00 · Games 100.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'PG Soft: balance 100.00' })).toBeVisible();

  // play on the provider's demo game page: a bet wins or loses
  await page.getByRole('button', { name: 'PG Soft: balance 100.00' }).click();
  await page.getByRole('dialog', { name: 'PG Soft' }).getByRole('button', { name: 'Play on the web' }).click();
  await expect(page).toHaveURL(/\/play\/PG\?u=/);
  await expect(page.locator('#balance')).toHaveText('100.00');
  await page.getByRole('button', { name: 'Bet 10', exact: true }).click();
  await expect(page.locator('#result')).toHaveText(/You (won 20\.00|lost 10\.00)/);
  const after = await page.locator('#balance').innerText();
  expect(['90.00', '110.00']).toContain(after);

  // back in the wallet, everything returns from the game
  await page.goto('/user/home');
  await page.getByRole('button', { name: 'All to wallet' }).click();
  await expect(page.getByText('All game balances are back in the wallet.')).toBeVisible();
  const total = after === '110.00' ? '1,010.00' : '990.00';
  await expect(balance).toHaveText(total);

  // withdraw 200: pending at once, paid by the operator
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await withdraw.getByLabel('Amount (baht)').fill('50');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw.getByRole('alert')).toHaveText('The minimum withdrawal is 100.00 baht.');
  await withdraw.getByLabel('Amount (baht)').fill('200');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Withdrawal requested. Please wait for the transfer to your bank.')).toBeVisible();

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/user\/statement$/);
  const rows = page.locator('.statement-row');
  await expect(rows.first()).toContainText('Withdrawal to Siam Commercial Bank');
  await expect(rows.first()).toContainText('In progress');
  await expect(rows.first()).toContainText('-200.00');
  await expect(rows.filter({ hasText: 'Transfer to PG Soft' })).toContainText('-100.00');
  await expect(rows.filter({ hasText: 'Transfer from PG Soft to wallet' })).toContainText(`+${after === '110.00' ? '110.00' : '90.00'}`);
  await expect(rows.filter({ hasText: 'Deposit credited by our staff' })).toContainText('+1,000.00');

  const pending = operator('withdrawals', 'list');
  const id = new RegExp(`^(\\d+)\\t${phone}\\t`, 'm').exec(pending)?.[1];
  expect(id).toBeTruthy();
  expect(operator('withdrawal', 'pay', id!, '--ref', 'BANKREF1')).toContain('paid (SUCCESS)');
  await page.reload();
  await expect(rows.first()).toContainText('Withdrawal');
  await expect(rows.first()).toContainText('Success');
  expect(operator('ledger', 'check')).toContain('ledger check: every entry balances');
});
