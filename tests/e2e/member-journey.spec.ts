import { acceptAgreement, expect, freshPhone, register, signIn, test, useEnglish } from './support';

test('register with OTP, sign in, switch to Lao and Thai, change the password, log out', async ({ page }) => {
  const phone = freshPhone();
  await useEnglish(page);

  // register: phone -> OTP (code from the SMS sandbox's log) -> profile -> bank, reached from the menu
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await register(page, { phone, name: 'Malee E2E', password: 'first-pass1', bankCode: 'KTB', firstName: 'malee', lastName: 'tester' });

  // sign in and land on the signed-in home
  await signIn(page, phone, 'first-pass1');
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByRole('heading', { name: 'Malee E2E' })).toBeVisible();
  await acceptAgreement(page);

  // Lao, then Thai: the interface text is in that script
  const language = page.locator('.top-bar select');
  await language.selectOption('la');
  await expect(page.getByRole('navigation', { name: 'ເມນູຫຼັກ' }).getByRole('link', { name: 'ໂປຣໄຟລ໌' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  await expect(page.getByText('ຍິນດີຕ້ອນຮັບ')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e-artifacts/home-lao.png' });
  await language.selectOption('th');
  await expect(page.getByText('ยินดีต้อนรับ')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await page.screenshot({ path: 'test-results/e2e-artifacts/home-thai.png' });

  // the profile, in Thai, and the password change
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'โปรไฟล์' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByText('ธนาคารกรุงไทย')).toBeVisible();
  await expect(page.getByText('MALEE TESTER')).toBeVisible();
  await expect(page.getByText(`7${phone.slice(1, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`)).toBeVisible();
  await language.selectOption('en');
  const lock = page.getByRole('button', { name: 'Change password' });
  await lock.click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('first-pass1');
  await dialog.getByLabel('New password', { exact: true }).fill('second-pass2');
  await dialog.getByLabel('Confirm new password').fill('second-pass2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(lock).toBeFocused();

  // log out; the old password no longer works, the new one does
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, phone, 'first-pass1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect phone number or password.');
  await page.getByLabel('Password').fill('second-pass2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
});
