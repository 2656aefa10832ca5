import { addStaff, expect, firstSignIn, operator, staffInEnglish, test } from './support';

/**
 * Bonuses in the console (issue 39): an admin adds a bonus whose budget is beyond what one person may put
 * within members' reach, previewed as members will read it; it waits; a second admin approves it and it is
 * offered. The first admin at the desktop's 1280 px, the second at the tablet's 768 px, with the axe gate on
 * every screen.
 */
test("an admin's large bonus added at 1280 px waits for a second admin, who approves it at 768 px", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = `BIG${Date.now().toString(36).toUpperCase()}`.slice(0, 32);
  const first = addStaff('admin', undefined, `boss${Date.now().toString(36)}`);
  await staffInEnglish(page);
  await firstSignIn(page, first.username, first.oneTime, 'a long admin passphrase');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bonuses' }).click();
  await expect(page.getByRole('heading', { name: 'Bonuses', level: 1 })).toBeFocused();

  await page.getByRole('button', { name: 'New bonus' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bonus' });
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByLabel('Name (Thai)').fill('โบนัสใหญ่');
  await dialog.getByLabel('Name (English)').fill('Big bonus');
  await dialog.getByLabel('Percent', { exact: true }).fill('20');
  await dialog.getByLabel('Maximum', { exact: true }).fill('500');
  await dialog.getByLabel('Budget: the most it may ever pay').fill('20000');
  await dialog.getByLabel('Reason').fill('year-end campaign');
  // as members will read it, in each language
  const english = dialog.getByRole('region', { name: 'English' });
  await expect(english.getByRole('heading', { name: 'Big bonus' })).toBeVisible();
  await expect(english.getByText('20% of the deposit, up to 500.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add the bonus' }).click();
  await expect(page.getByText(`The change of ${code} waits for a second admin`, { exact: false })).toBeVisible();
  const mine = page.getByRole('row').filter({ hasText: code });
  await expect(mine).toContainText('Waiting for another admin');
  await expect(mine.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  // the second admin, on a device of their own
  const other = await browser.newContext({ viewport: { width: 768, height: 900 } });
  try {
    const second = await other.newPage();
    const admin = addStaff('admin', undefined, `boss2${Date.now().toString(36)}`);
    await staffInEnglish(second);
    await firstSignIn(second, admin.username, admin.oneTime, 'another admin passphrase');
    await second.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bonuses' }).click();
    await second.getByRole('button', { name: `Approve the change of ${code}` }).click();
    const approve = second.getByRole('alertdialog', { name: `Approve the change of ${code}` });
    await expect(approve).toContainText('year-end campaign');
    await approve.getByRole('button', { name: `Approve the change of ${code}` }).click();
    await expect(second.getByText(`The change of ${code} is approved and applied.`)).toBeVisible();
    await expect(second.getByRole('row').filter({ hasText: code })).toContainText('Offered');
  } finally {
    await other.close();
  }
});

/**
 * Promotion codes in the console: an admin adds a code that may pay more than one person may put within
 * members' reach; it waits, not offered; a second admin, on a device of their own, reads who added it and why,
 * approves it, and later stops it.
 */
test('a promotion code one admin adds past their allowance is approved, then stopped, by a second admin', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = `PROMO${Date.now().toString(36).toUpperCase()}`;
  const first = addStaff('admin', undefined, `adder${Date.now().toString(36)}`);
  await staffInEnglish(page);
  await firstSignIn(page, first.username, first.oneTime, 'a long admin passphrase');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Promotion codes' }).click();
  await expect(page.getByRole('heading', { name: 'Promotion codes', level: 1 })).toBeFocused();
  await page.getByRole('button', { name: 'New promotion code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promotion code' });
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByLabel('What members read (Thai)').fill('<p>รับ {money:100}</p>');
  await dialog.getByLabel('What members read (English)').fill('<p>Get {money:100}</p>');
  await dialog.getByLabel('Amount', { exact: true }).fill('100');
  await dialog.getByLabel('How many members may receive it').fill('1000');
  await expect(dialog.getByText('The most it may pay: 100,000.00.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('shop opening');
  await dialog.getByRole('button', { name: 'Add the code' }).click();
  await expect(page.getByText(`${code} waits for a second admin`, { exact: false })).toBeVisible();
  const mine = page.getByRole('row').filter({ hasText: code });
  await expect(mine).toContainText('Waiting for another admin');
  await expect(mine.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  expect(operator('promotion', 'list')).toMatch(new RegExp(`^${code}\\twaits for a second admin \\(staff:${first.username}\\)`, 'm'));

  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const desk = await other.newPage();
    const second = addStaff('admin', undefined, `approver${Date.now().toString(36)}`);
    await staffInEnglish(desk);
    await firstSignIn(desk, second.username, second.oneTime, 'a second admin passphrase');
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Promotion codes' }).click();
    const line = desk.getByRole('row').filter({ hasText: code });
    // what members will read, as they read it: the amount in baht
    await expect(line).toContainText('Get 100 baht');
    await expect(line).toContainText(`Waits for a second admin (staff:${first.username})`);
    await line.getByRole('button', { name: `Approve ${code}` }).click();
    const approve = desk.getByRole('alertdialog', { name: `Approve ${code}` });
    await expect(approve).toContainText(`staff:${first.username} added it: shop opening`);
    await approve.getByRole('button', { name: `Approve ${code}` }).click();
    await expect(desk.getByText(`${code} is approved: members can find and receive it.`)).toBeVisible();
    await expect(line).toContainText('Offered');

    await line.getByRole('button', { name: `Stop offering ${code}` }).click();
    const stop = desk.getByRole('alertdialog', { name: `Stop offering ${code}` });
    await stop.getByRole('textbox').fill('campaign over');
    await stop.getByRole('button', { name: `Stop offering ${code}` }).click();
    await expect(desk.getByText(`${code} is no longer offered. Members who hold it keep it.`)).toBeVisible();
    await expect(line).toContainText('Not offered');
  } finally {
    await other.close();
  }
  expect(operator('promotion', 'list')).toMatch(new RegExp(`^${code}\\tno\\t`, 'm'));
});
