import { afterEach, describe, expect, it } from 'vitest';
import { SmsSendError } from '../src/adapters/sms/providers.js';
import { build, type TestServer } from './helper.js';
import { operator, signedIn, staffCall } from './staff-helpers.js';

/** The admins' "before you go live" list (GET /api/staff/go-live): what a site still lacks before real members come. */
describe('before you go live', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const missing = async (s: TestServer, browser: Awaited<ReturnType<typeof signedIn>>['browser']) => {
    const res = await staffCall(s, browser, 'GET', '/go-live');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { missing: string[] }).missing;
  };

  it('on the demo: its data, and every outside system a sandbox; for admins only', async () => {
    server = await build();
    const admin = await signedIn(server, 'ada', 'admin');
    expect(await missing(server, admin.browser)).toEqual([
      'DEMO_DATA',
      'SMS_LOG',
      'SLIP_SANDBOX',
      'GATEWAY_SANDBOX',
      'GIFTLINK_SANDBOX',
      'GAME_SANDBOX',
    ]);
    const finance = await signedIn(server, 'fin', 'finance');
    expect((await staffCall(server, finance.browser, 'GET', '/go-live')).statusCode).toBe(403);
  });

  it('on a production site with real outside systems: the deposit account and contact until set, and the games', async () => {
    server = await build({
      production: true,
      publicUrl: 'https://wallet.example.co.th',
      smsProvider: 'thaibulksms',
      thaibulksms: { apiKey: 'k', apiSecret: 's', sender: 'WALLET', baseUrl: 'http://127.0.0.1:9' },
      slipVerifier: 'easyslip',
      easyslip: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' },
      paymentGateway: 'opn',
      opn: { secretKey: 'skey_test_k', baseUrl: 'http://127.0.0.1:9' },
      gameProvider: 'http',
      gameBridge: { url: 'http://127.0.0.1:9/v1', secret: 'a-game-bridge-secret-0123', sandbox: false },
    });
    const admin = await signedIn(server, 'ada', 'admin');
    expect(await missing(server, admin.browser)).toEqual(['DEPOSIT_ACCOUNT', 'CONTACT']);
    const account = {
      bankCode: 'SCB',
      bankType: 'DEPOSIT',
      mode: 'AUTO',
      nameTH: 'ไทยพาณิชย์',
      nameEN: 'SCB',
      bankAccountName: { th: 'บริษัท วอลเล็ต จำกัด', en: 'WALLET CO., LTD.' },
      bankAccountNo: '4051234567',
      currency: 'BAHT',
    };
    await operator(server, 'settings', 'set', 'deposit', JSON.stringify({ banks: [account], wallets: [], isManual: false }));
    await operator(server, 'settings', 'set', 'contact', JSON.stringify({ ...server.ctx.settings.get('contact'), lineName: '@wallet' }));
    await server.ctx.settings.refresh();
    expect(await missing(server, admin.browser)).toEqual([]);
  });

  it("sends an admin's test SMS through the site's provider, shows its code or why not, and keeps it in the audit trail", async () => {
    server = await build();
    const s = server;
    const admin = await signedIn(s, 'ada', 'admin');
    const test = (phone: string) => staffCall(s, admin.browser, 'POST', '/go-live/test-sms', { phone });
    const ok = await test('0891234567');
    expect(ok.statusCode, ok.body).toBe(200);
    const { sent, code } = ok.json() as { sent: boolean; code: string };
    expect(sent).toBe(true);
    // the provider was given the same code the admin sees
    expect(s.sms.lastCodeFor('0891234567')).toBe(code);
    expect(code).toMatch(/^\d{6}$/);

    // a provider that refuses: its reason, never a code
    const real = s.ctx.sms;
    s.ctx.sms = { sendOtp: () => Promise.reject(new SmsSendError('ThaiBulkSMS answered 402 ERR_CREDIT')) };
    try {
      expect((await test('0891234567')).json()).toEqual({ sent: false, detail: 'ThaiBulkSMS answered 402 ERR_CREDIT' });
    } finally {
      s.ctx.sms = real;
    }
    // a number the site's rule refuses is said as the member site says it
    const wrong = await test('12345');
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' }]);

    const audit = await staffCall(s, admin.browser, 'GET', '/audit?action=go-live.test-sms');
    const rows = (audit.json() as { rows: { target: string; after: unknown }[] }).rows;
    expect(rows.map((r) => [r.target, r.after])).toEqual([
      ['phone:0891234567', { sent: false, provider: 'log' }],
      ['phone:0891234567', { sent: true, provider: 'log' }],
    ]);

    // one admin cannot use it to text anyone at length: a few a minute
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await test('0891234567')).statusCode);
    expect(answers).toContain(429);
  });
});
