import type { APIRequestContext } from '@playwright/test';
import { addStaff, expect, firstSignIn, freshPhone, operator, registerByApi, staffInEnglish, test } from './support';

/**
 * Issue 39: the console's journeys ran the axe gate at a tablet's width (768 px), each screen once. Here an admin
 * (who may open every screen) opens each screen of the console's menu at a desktop's width in English and at a
 * tablet's in Thai, each through the gate (a11y-fixture.ts checks a screen before the next click leaves it).
 * A withdrawal of its own waits, so the withdrawals screen is checked with a row and its buttons whatever ran before.
 */

/** A new member's withdrawal of 100 baht, waiting for finance; answers the member's phone. */
async function withdrawalWaiting(request: APIRequestContext): Promise<string> {
  const phone = freshPhone();
  const password = 'tour-pass-1';
  await registerByApi(request, { phone, name: 'Tour Member', password, bankCode: 'SCB', firstName: 'tour', lastName: 'member' });
  expect(operator('deposit', phone, '300')).toContain('deposited 300 BAHT');
  const headers = { 'x-wallet-client': 'member' };
  const login = await request.post('/api/login', { headers, data: { username: phone, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const asked = await request.post('/api/wallet/withdraw', {
    headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': `tour-${phone}` },
    data: { amount: 100 },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  return phone;
}
for (const { viewport, thai } of [
  { viewport: { width: 1280, height: 900 }, thai: false },
  { viewport: { width: 768, height: 1024 }, thai: true },
]) {
  test(`at ${viewport.width} px${thai ? ' in Thai' : ''}, every screen of the console's menu passes the accessibility gate`, async ({
    browser,
    request,
  }) => {
    const phone = await withdrawalWaiting(request);
    const admin = addStaff('admin');
    const desk = await browser.newPage({ viewport });
    try {
      await staffInEnglish(desk);
      await firstSignIn(desk, admin.username, admin.oneTime, 'a long console tour passphrase');
      if (thai) {
        await desk.getByLabel('Language', { exact: true }).selectOption('th');
        await expect(desk.getByRole('heading', { level: 1 })).toHaveText('แดชบอร์ด');
      }
      const menu = desk.getByRole('navigation', { name: thai ? 'คอนโซล' : 'Console' });
      const hrefs = await menu.locator('a[href^="/staff/"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThanOrEqual(10);
      // the dashboard, where the sign-in lands, is checked already; each other screen in the menu's order
      for (const href of hrefs.filter((h) => h !== new URL(desk.url()).pathname)) {
        await menu.locator(`a[href="${href}"]`).click();
        await expect(desk).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}$`));
        await expect(desk.getByRole('heading', { level: 1 })).toBeFocused();
        // its rows are on the screen before the next click has it checked
        if (href === '/staff/withdrawals') await expect(desk.getByRole('row').filter({ hasText: phone })).toBeVisible();
      }
      await desk.screenshot({ path: `test-results/e2e-artifacts/screens/console-tour-${viewport.width}.png`, fullPage: true });
    } finally {
      await desk.close();
    }
  });
}
