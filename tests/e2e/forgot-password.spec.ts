import type { Page } from '@playwright/test';
import { GATE_IMPACTS, runAxe } from './a11y-fixture';
import { acceptAgreement, codesSentTo, expect, freshPhone, otpFromLog, register, signIn, test, useEnglish } from './support';

/** axe-core on the screen as it is, every rule (not only the gate's WCAG ones): no serious or critical finding. */
async function expectAccessible(page: Page): Promise<void> {
  const found = (await runAxe(page)).filter((f) => GATE_IMPACTS.has(f.impact)).map((f) => `${f.rule}: ${f.target}`);
  expect(found).toEqual([]);
}

test('forgot password at 360 px: a texted code, a new password, every session ended, the phone filled in', async ({ page, browser }) => {
  const phone = freshPhone();
  await useEnglish(page);
  await register(page, { phone, name: 'Forgot E2E', password: 'old-pass-1', bankCode: 'KBANK', firstName: 'forgot', lastName: 'tester' });
  // after registering, the sign-in page has the phone filled in
  await expect(page.getByLabel('Phone number')).toHaveValue(phone);

  // the member is signed in on another phone too
  const other = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const otherPage = await other.newPage();
  await useEnglish(otherPage);
  await signIn(otherPage, phone, 'old-pass-1');
  await expect(otherPage).toHaveURL(/\/user\/home$/);
  await acceptAgreement(otherPage);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expectAccessible(page);
  const sent = codesSentTo(phone).length;
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm with OTP' })).toBeVisible();
  await expectAccessible(page);
  const code = await otpFromLog(phone, { after: sent });
  await page.getByLabel('OTP code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('The OTP is incorrect.');
  await page.getByLabel('OTP code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Your new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-pass-2');
  await page.getByLabel('Confirm new password').fill('new-pass-2');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Set the new password' }).click();

  // back on the sign-in page with the phone filled in; the old password no longer works, the new one does
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password is changed. Please sign in with the new one.')).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveValue(phone);
  await page.getByLabel('Password').fill('old-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect phone number or password.');
  await page.getByLabel('Password').fill('new-pass-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);
  // the home's game cards are named by what they show (axe label-content-name-mismatch)
  await expect(page.getByRole('button', { name: 'PG Soft: open an account' })).toBeVisible();
  await expectAccessible(page);

  // the other phone's session ended with the old password: it is sent to sign in, by its live channel's
  // session check (every 15 s) or at its next call, whichever comes first; a reload makes that call now
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('forgot password answers an unknown phone as a registered one, and its code never verifies', async ({ page }) => {
  const unknown = freshPhone();
  await useEnglish(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Phone number').fill(unknown);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm with OTP' })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${unknown}.`)).toBeVisible();
  await page.getByLabel('OTP code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('The OTP is incorrect.');
  // no code was texted to it: the send is not awaited by the answer, so this is read last, after the
  // verify's round trip, when a send started with the request would have logged its code
  expect(codesSentTo(unknown)).toEqual([]);
});
