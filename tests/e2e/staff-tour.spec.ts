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
 * (who may open every screen) opens each screen of the console's menu at a desktop's width in English and in Lao,
 * and at a tablet's in Thai, each through the gate (a11y-fixture.ts checks a screen before the next click leaves it).
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
 * A row of its own on each screen that has per-row actions, whatever ran before, all of one new member (each member
 * registered costs an SMS code, which the server allows a few of a minute): a withdrawal waiting for finance, a slip
 * whose sender's name is not the member's (in review), a payment of another amount than its QR code's (unmatched)
 * and a manual deposit request. Answers the member's phone, which each of those rows shows.
 */
async function rowsWaiting(request: APIRequestContext): Promise<string> {
  const { phone, as } = await tourMember(request);
  const asked = await request.post('/api/wallet/withdraw', {
    headers: { ...as, 'idempotency-key': `tour-w-${phone}` },
    data: { amount: 100 },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  const sent = await request.post('/api/wallet/slip', {
    headers: as,
    multipart: {
      file: { name: 'slip.png', mimeType: 'image/png', buffer: fs.readFileSync(slipFile(phone, '150', '--sender-name', 'Someone Else')) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const code = await request.post('/api/qrcode/KBANK', { headers: { ...as, 'idempotency-key': `tour-q-${phone}` }, data: { amount: 100 } });
  expect(code.status(), await code.text()).toBe(200);
  const { qrcodeId } = (await code.json()) as { qrcodeId: string };
  operator('qr', 'pay', qrcodeId, '99');

  // manual requests are the operator's choice (off in the demo): on for this one request
  const got = operator('settings', 'get', 'deposit');
  const deposit = JSON.parse(got.slice(got.indexOf('{'))) as Record<string, unknown>;
  setDepositByTwoAdmins({ ...deposit, isManual: true }, 'the console tour asks a manual deposit');
  try {
    // the server reads settings again within seconds: asked until it takes the request (a refusal changes nothing)
    let tries = 0;
    await expect
      .poll(async () => {
        const add = await request.post('/api/wallet/add', {
          headers: { ...as, 'idempotency-key': `tour-d-${phone}-${tries++}` },
          data: { amount: 200 },
        });
        return add.status();
      })
      .toBe(200);
  } finally {
    setDepositByTwoAdmins(deposit, 'the console tour is done with manual deposits');
  }
  return phone;
}

/** The screens whose rows the tour waits for: each has a row of `rowsWaiting`'s member. */
const WITH_ROWS = new Set(['/staff/withdrawals', '/staff/slips', '/staff/payments', '/staff/deposit-requests']);

/** Each language's words the tour looks for: the dashboard's heading and the menu's name. */
const WORDS = {
  en: { name: 'English', dashboard: 'Dashboard', menu: 'Console' },
  th: { name: 'Thai', dashboard: 'แดชบอร์ด', menu: 'คอนโซล' },
  lo: { name: 'Lao', dashboard: 'ໜ້າສະຫຼຸບ', menu: 'ຄອນໂຊ' },
} as const;

for (const { viewport, lang } of [
  { viewport: { width: 1280, height: 900 }, lang: 'en' as const },
  { viewport: { width: 768, height: 1024 }, lang: 'th' as const },
  { viewport: { width: 1280, height: 900 }, lang: 'lo' as const },
]) {
  const words = WORDS[lang];
  test(`at ${viewport.width} px in ${words.name}, every screen of the console's menu passes the accessibility gate`, async ({
    browser,
    request,
  }) => {
    const phone = await rowsWaiting(request);
    const admin = addStaff('admin');
    const desk = await browser.newPage({ viewport });
    try {
      await staffInEnglish(desk);
      await firstSignIn(desk, admin.username, admin.oneTime, 'a long console tour passphrase');
      if (lang !== 'en') {
        await desk.getByLabel('Language', { exact: true }).selectOption(lang);
        await expect(desk.getByRole('heading', { level: 1 })).toHaveText(words.dashboard);
        await expect(desk.locator('html')).toHaveAttribute('lang', lang);
      }
      const menu = desk.getByRole('navigation', { name: words.menu });
      const hrefs = await menu.locator('a[href^="/staff/"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThanOrEqual(10);
      // the dashboard, where the sign-in lands, is checked already; each other screen in the menu's order
      for (const href of hrefs.filter((h) => h !== new URL(desk.url()).pathname)) {
        await menu.locator(`a[href="${href}"]`).click();
        await expect(desk).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}$`));
        await expect(desk.getByRole('heading', { level: 1 })).toBeFocused();
        // its rows are on the screen before the next click has it checked
        if (WITH_ROWS.has(href)) await expect(desk.getByRole('row').filter({ hasText: phone }).first()).toBeVisible();
      }
      await desk.screenshot({ path: `test-results/e2e-artifacts/screens/console-tour-${viewport.width}-${lang}.png`, fullPage: true });
    } finally {
      await desk.close();
    }
  });
}
