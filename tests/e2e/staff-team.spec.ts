import { addStaff, expect, firstSignIn, staffInEnglish, test } from './support';

/**
 * Staff accounts in the console, at the tablet's 768 px: an admin adds a support agent and reads the
 * one-time password once; the agent signs in with it on a device of their own; the admin disables them and
 * their console signs them out, and the account's history names the admin and the reason. The axe gate
 * runs on every screen.
 */
test('an admin adds a support agent who signs in with the one-time password, then disables them', async ({ page, browser }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  const stamp = Date.now().toString(36);
  const admin = addStaff('admin', undefined, `lead${stamp}`);
  const agentName = `nok${stamp}`;
  await staffInEnglish(page);
  await firstSignIn(page, admin.username, admin.oneTime, 'a long admin passphrase');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeFocused();
  // one's own row offers no disable: the console always keeps the admin who uses it
  const own = page.getByRole('row').filter({ hasText: admin.username });
  await expect(own).toContainText('(you)');
  await expect(own.getByRole('button', { name: /^Disable/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add a support agent' }).click();
  const add = page.getByRole('alertdialog', { name: 'Add a support agent' });
  await expect(add.getByLabel('Username')).toBeFocused();
  await add.getByLabel('Username').fill(agentName);
  await add.getByLabel('Name customers see (optional)').fill('Nok');
  await add.getByRole('button', { name: 'Add the agent' }).click();
  const shown = page.getByRole('alertdialog', { name: `One-time password for ${agentName}` });
  const oneTime = (await shown.getByLabel('One-time password').textContent())!.trim();
  expect(oneTime).toMatch(/^[\w-]{16}$/);
  await shown.getByRole('button', { name: 'I have handed it over' }).click();
  await expect(page.getByText(`${agentName} signs in with the one-time password, then sets their own.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: agentName });
  await expect(row).toContainText('Not signed in yet with the one-time password');
  await expect(row).toContainText('Support agent');

  const device = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  try {
    const agentPage = await device.newPage();
    await staffInEnglish(agentPage);
    await firstSignIn(agentPage, agentName, oneTime, 'an agent passphrase');
    // the admin's list, asked again, shows them active with the authenticator set up
    await page.reload();
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Set up');

    await row.getByRole('button', { name: `Disable ${agentName}` }).click();
    const disable = page.getByRole('alertdialog', { name: `Disable ${agentName}` });
    await disable.getByLabel('Reason').fill('left the team');
    await disable.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText(`${agentName} is disabled: their sessions have ended.`)).toBeVisible();
    await expect(row).toContainText('Disabled');

    // their console no longer holds a session
    await agentPage.reload();
    await expect(agentPage.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  } finally {
    await device.close();
  }

  await row.getByRole('button', { name: `History of ${agentName}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${agentName}` });
  await expect(history.getByRole('row').filter({ hasText: 'staff.disable' })).toContainText('left the team');
  await expect(history.getByRole('row').filter({ hasText: 'staff.add' })).toContainText(admin.username);
});
