import type { APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import {
  addStaff,
  expect,
  firstSignIn,
  freshPhone,
  operator,
  registerByApi,
  setDepositByTwoAdmins,
  slipFile,
  staffInEnglish,
  test,
} from './support';

/**
 * Issue 39: the console's journeys ran the axe gate at a tablet's width (768 px), each screen once. Here an admin
 * (who may open every screen) opens each screen of the console's menu at a desktop's width in English and at a
 * tablet's in Thai, each through the gate (a11y-fixture.ts checks a screen before the next click leaves it).
 * Each screen with actions per row is checked with a row of its own and its buttons, whatever ran before.
 */

const headers = { 'x-wallet-client': 'member' };

/** A new member with 300 baht, signed in through the API: their phone and their calls' headers. */
async function tourMember(request: APIRequestContext) {
  const phone = freshPhone();
  const password = 'tour-pass-1';
  await registerByApi(request, { phone, name: 'Tour Member', password, bankCode: 'SCB', firstName: 'tour', lastName: 'member' });
  expect(operator('deposit', phone, '300')).toContain('deposited 300 BAHT');
  const login = await request.post('/api/login', { headers, data: { username: phone, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { phone, as: { ...headers, authorization: `Bearer ${token}` } };
}

/**
 * A row of its own on each screen that has per-row actions, whatever ran before: a withdrawal waiting for finance,
 * a slip whose sender's name is not the member's (in review), a payment of another amount than its QR code's
 * (unmatched) and a manual deposit request. Answers the phone each row shows, by screen.
 */
async function rowsWaiting(request: APIRequestContext): Promise<Record<string, string>> {
  const withdrawal = await tourMember(request);
  const asked = await request.post('/api/wallet/withdraw', {
    headers: { ...withdrawal.as, 'idempotency-key': `tour-${withdrawal.phone}` },
    data: { amount: 100 },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  const slip = await tourMember(request);
  const sent = await request.post('/api/wallet/slip', {
    headers: slip.as,
    multipart: {
      file: {
        name: 'slip.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(slipFile(slip.phone, '150', '--sender-name', 'Someone Else')),
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const payment = await tourMember(request);
  const code = await request.post('/api/qrcode/KBANK', {
    headers: { ...payment.as, 'idempotency-key': `tour-${payment.phone}` },
    data: { amount: 100 },
  });
  expect(code.status(), await code.text()).toBe(200);
  const { qrcodeId } = (await code.json()) as { qrcodeId: string };
  operator('qr', 'pay', qrcodeId, '99');

  // manual requests are the operator's choice (off in the demo): on for this one request
  const manual = await tourMember(request);
  const got = operator('settings', 'get', 'deposit');
  const deposit = JSON.parse(got.slice(got.indexOf('{'))) as Record<string, unknown>;
  setDepositByTwoAdmins({ ...deposit, isManual: true }, 'the console tour asks a manual deposit');
  try {
    // the server reads settings again within seconds: asked until it takes the request (a refusal changes nothing)
    let tries = 0;
    await expect
      .poll(async () => {
        const add = await request.post('/api/wallet/add', {
          headers: { ...manual.as, 'idempotency-key': `tour-${manual.phone}-${tries++}` },
          data: { amount: 200 },
        });
        return add.status();
      })
      .toBe(200);
  } finally {
    setDepositByTwoAdmins(deposit, 'the console tour is done with manual deposits');
  }
  return {
    '/staff/withdrawals': withdrawal.phone,
    '/staff/slips': slip.phone,
    '/staff/payments': payment.phone,
    '/staff/deposit-requests': manual.phone,
  };
}

for (const { viewport, thai } of [
  { viewport: { width: 1280, height: 900 }, thai: false },
  { viewport: { width: 768, height: 1024 }, thai: true },
]) {
  test(`at ${viewport.width} px${thai ? ' in Thai' : ''}, every screen of the console's menu passes the accessibility gate`, async ({
    browser,
    request,
  }) => {
    const waiting = await rowsWaiting(request);
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
        const phone = waiting[href];
        if (phone) await expect(desk.getByRole('row').filter({ hasText: phone }).first()).toBeVisible();
      }
      await desk.screenshot({ path: `test-results/e2e-artifacts/screens/console-tour-${viewport.width}.png`, fullPage: true });
    } finally {
      await desk.close();
    }
  });
}
