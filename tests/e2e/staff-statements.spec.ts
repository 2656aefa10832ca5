import { addStaff, expect, firstSignIn, staffInEnglish, test } from './support';

/**
 * A finance clerk's evening with the bank statement (issue 39): the deposit account's K-BIZ export uploaded,
 * the preview read, the import done, the line no member matches worked in the queue; at the desktop's
 * 1280 px, then on the same device at the tablet's 768 px, by keyboard where a clerk types, with the axe
 * gate on every screen (each checked again at the new width).
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** A K-BIZ statement (server/test/fixtures/statements/kbank-kbiz.csv's layout) with one incoming line from nobody we know. */
function statement(amount: string) {
  const d = new Date(Date.now() - 3600_000 + 7 * 3600_000);
  const date = `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${String(d.getUTCFullYear()).slice(2)}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  // a running balance of this run's own: the line is new to the account
  const balance = `${(Date.now() % 10_000_000) + 10_000}.00`;
  return Buffer.from(
    '\ufeff' +
      [
        'รายการเดินบัญชีเงินฝากกระแสรายวัน (มีรายละเอียด),,,,,,,,,,,,',
        'K-DEPOSIT STATEMENT OF CURRENT ACCOUNT (WITH DETAIL),,,,,,,,,,,,',
        ',Date,"Time/\nEff.Date",Descriptions,Withdrawal,,Deposit,,"Outstanding\nBalance",,Channel,,Details',
        `,${date},${time},Transfer Deposit,,,"${amount}",,"${balance}",,K PLUS,,From BBL X9999 MR. NOBODY K++`,
      ].join('\r\n'),
  );
}

test('at 1280 and 768 px a finance clerk previews and imports the statement, then dismisses the line no member matches', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const clerk = addStaff('finance');
  await staffInEnglish(page);
  await firstSignIn(page, clerk.username, clerk.oneTime, 'a long clerk passphrase');
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bank statements' }).click();
    await expect(page.getByRole('heading', { name: 'Import a bank statement' })).toBeFocused();

    const amount = width === 1280 ? '1,280.75' : '768.25';
    await page.getByLabel("Bank's layout").selectOption('KBANK');
    await page.getByLabel('Statement file').setInputFiles({ name: 'kbiz.csv', mimeType: 'text/csv', buffer: statement(amount) });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'What each incoming line will do' });
    await expect(preview.getByRole('row').nth(1)).toContainText('To the queue: No waiting request, earlier credit or member matches it');
    await expect(page.getByText('0 lines to credit', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Import 1 lines' }).click();
    await expect(page.getByRole('heading', { name: 'Imported kbiz.csv' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'What each incoming line did' }).getByRole('row').nth(1)).toContainText('In the queue');

    await page.getByRole('link', { name: 'Open the unmatched statement lines' }).click();
    await expect(page.getByRole('heading', { name: 'Unmatched statement lines' })).toBeFocused();
    const row = page.getByRole('row').filter({ hasText: amount });
    await expect(row).toContainText('From BBL X9999 MR. NOBODY K++');
    await row.getByRole('button', { name: /^Dismiss line/ }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Dismiss statement line/ });
    await expect(dialog.getByLabel('Reason')).toBeFocused();
    await page.keyboard.type('returned to the sender by the bank');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText(/dismissed: nothing credited\./)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: amount })).toHaveCount(0);
  }
});
