import { acceptAgreement, expect, operator, signIn, siteAnswer, test, useEnglish } from './support';

test.afterEach(() => {
  operator('site', 'activate');
});

test('after the operator terminates the site, members see /terminated; after reactivation, their wallet again', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, '0812345678', 'demo1234');
  await expect(page).toHaveURL(/\/user\/home$/);
  await acceptAgreement(page);

  expect(operator('site', 'terminate')).toContain('site terminated');
  // the server re-reads its settings on an interval: wait until it answers 'gone' (what a member's next call gets)
  await expect.poll(() => siteAnswer(page)).toBe(410);
  // a call of a signed-in page gets 'gone' and the app goes to /terminated
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await page.reload();
  await expect(page).toHaveURL(/\/terminated$/);
  await expect(page.getByRole('heading', { name: 'This site is closed' })).toBeVisible();
  // the tab says so too, not the page the member was on
  await expect(page).toHaveTitle('This site is closed');

  // the guard on /login asks first
  await page.goto('/login');
  await expect(page).toHaveURL(/\/terminated$/);

  // back on /login, a member whose session is still live goes on to the wallet
  operator('site', 'activate');
  await expect.poll(() => siteAnswer(page)).toBe(200);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByRole('heading', { name: 'SOMCHAI JAIDEE' })).toBeVisible();
});
