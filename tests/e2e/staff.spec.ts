import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expect, operator, test } from './support';

// the console is made for a desktop or a tablet (issue 23: usable at 768 px)
test.use({ viewport: { width: 768, height: 1024 } });

/** A staff member added by the operator: the one-time password is the last line the command prints. */
function addStaff(role: 'agent' | 'finance' | 'admin'): { username: string; oneTime: string } {
  const username = `${role}${Date.now().toString(36)}`;
  const printed = operator('staff', 'add', username, role).trim().split('\n');
  return { username, oneTime: printed.at(-1)!.trim() };
}

async function toEnglish(page: Page) {
  await page.goto('/staff/');
  await page.getByLabel(/ภาษา|Language/).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
}

/**
 * The first sign-in: the one-time password, a password of one's own, and (finance, admin) TOTP enrolment.
 * Answers the authenticator and the code that confirmed the enrolment.
 */
async function firstSignIn(
  page: Page,
  username: string,
  oneTime: string,
  password: string,
): Promise<{ totp: TOTP; spent: string } | undefined> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Save the password' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up two-step sign-in' });
  const dashboard = page.getByRole('heading', { name: 'Dashboard' });
  await expect(enrol.or(dashboard)).toBeVisible();
  if (await dashboard.isVisible()) return undefined;
  // the QR an authenticator app scans, and the same key to type by hand: the test is the app
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.staff-secret').textContent())!.replace(/\s/g, '');
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  const spent = totp.generate();
  await page.getByLabel('6-digit code').fill(spent);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(dashboard).toBeVisible();
  return { totp, spent };
}

test('a finance clerk added by the operator signs in with a password of their own and TOTP; the admin reads it in the audit trail; an agent may not', async ({
  page,
  browser,
}) => {
  const clerk = addStaff('finance');
  await toEnglish(page);
  const app = await firstSignIn(page, clerk.username, clerk.oneTime, 'a long clerk passphrase');
  expect(app).toBeDefined();
  await expect(page.getByText(clerk.username)).toBeVisible();
  // the counts of the work waiting, and no audit trail for finance
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();

  // the next sign-in asks for a code: the one spent at enrolment is refused; the app's next one (the
  // server takes a neighbouring 30 s step, each step once) lets the clerk in
  await page.getByLabel('Username').fill(clerk.username);
  await page.getByLabel('Password', { exact: true }).fill('a long clerk passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(app!.spent);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  await page.getByLabel('6-digit code').fill(app!.totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // an agent: no TOTP asked, no audit trail, and its address says so
  const agent = addStaff('agent');
  const agentPage = await browser.newPage({ viewport: { width: 768, height: 1024 } });
  try {
    await toEnglish(agentPage);
    expect(await firstSignIn(agentPage, agent.username, agent.oneTime, 'an agent passphrase')).toBeUndefined();
    await agentPage.goto('/staff/audit');
    await expect(agentPage.getByText('Not allowed', { exact: false })).toBeVisible();
  } finally {
    await agentPage.close();
  }

  // the admin reads each step in the audit trail
  const admin = addStaff('admin');
  const adminPage = await browser.newPage({ viewport: { width: 768, height: 1024 } });
  try {
    await toEnglish(adminPage);
    await firstSignIn(adminPage, admin.username, admin.oneTime, 'an admin passphrase here');
    await adminPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit trail' }).click();
    await adminPage.getByLabel('Target').fill(`staff:${clerk.username}`);
    await adminPage.getByRole('button', { name: 'Filter' }).click();
    const rows = adminPage.getByRole('table').getByRole('row');
    for (const action of ['staff.add', 'staff.password', 'staff.totp-enrol', 'staff.sign-in', 'staff.sign-out'])
      await expect(rows.filter({ hasText: action }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'staff.add' }).first()).toContainText('system (command line)');
  } finally {
    await adminPage.close();
  }
});
