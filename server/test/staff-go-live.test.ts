import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'promptparse';
import { drawSlip } from '../src/adapters/slip/slip-image.js';
import { SmsSendError } from '../src/adapters/sms/providers.js';
import { PNG } from 'pngjs';
import { PNG as GARBLED_PNG } from './chat-helpers.js';
import { build, DEMO_MEMBER, type TestServer } from './helper.js';
import { addStaff, operator, signedIn, staffCall, staffUpload } from './staff-helpers.js';

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
    // where members' money goes: one admin proposes, another approves (issue 39)
    await addStaff(server, 'bea', 'admin');
    const deposit = JSON.stringify({ banks: [account], wallets: [], isManual: false });
    const [proposed] = await operator(server, '--as', 'ada', 'settings', 'set', 'deposit', deposit, '--reason', 'the site account');
    expect(await missing(server, admin.browser)).toEqual(['DEPOSIT_ACCOUNT', 'CONTACT']);
    await operator(server, 'settings', 'approve', /^proposal (\d+)/.exec(proposed!)![1]!, '--as', 'bea');
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

  it("checks a sample slip with the slip verifier as a member's would be, crediting nothing, and keeps it in the audit trail", async () => {
    server = await build({ providerTimeoutMs: 500 });
    const s = server;
    const admin = await signedIn(s, 'ada', 'admin');
    const send = (image: Buffer) => staffUpload(s, admin.browser, '/go-live/test-slip', image, 'slip.png');
    const check = async (image: Buffer) => {
      const res = await send(image);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { result: string };
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'go-live-slip-'));
    try {
      // a transfer the (sandbox) bank knows, to the site's deposit account
      const made = path.join(dir, 'made.png');
      await operator(s, 'slip', 'make', DEMO_MEMBER.phone, '120', made);
      const wallet = async () =>
        Number(
          (
            await s.ctx.database.db
              .selectFrom('slips')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const slipsBefore = await wallet();
      expect(await check(fs.readFileSync(made))).toMatchObject({ result: 'FOUND', amount: 120, account: 'OURS' });
      // a slip QR of a transfer the bank does not know, and an image with no slip in it
      const unknown = await drawSlip(generate.slipVerify({ sendingBank: '004', transRef: '016333999999ABCD1234' }));
      expect(await check(unknown)).toEqual({ result: 'NOT_FOUND' });
      const plain = new PNG({ width: 300, height: 300 });
      plain.data.fill(255);
      expect(await check(PNG.sync.write(plain))).toEqual({ result: 'UNREADABLE' });
      // what is not an image of a slip's size is refused as the member's upload refuses it
      const notImage = await send(GARBLED_PNG);
      expect([notImage.statusCode, notImage.json()]).toEqual([400, { message: 'SLIP_INVALID_FILE' }]);
      // the verifier gives no answer: said so, never taken for a refusal
      await operator(s, 'settings', 'set', 'slipFault', '"hang"');
      await s.ctx.settings.refresh();
      expect(await check(fs.readFileSync(made))).toEqual({ result: 'NO_ANSWER' });
      // nothing was made of them: no slip, no credit
      expect(await wallet()).toBe(slipsBefore);
      const audit = await staffCall(s, admin.browser, 'GET', '/audit?action=go-live.test-slip');
      const rows = (audit.json() as { rows: { target: string; after: { result: string; verifier: string } }[] }).rows;
      expect(rows.map((r) => [r.target, r.after.result, r.after.verifier])).toEqual([
        ['slip:sample', 'NO_ANSWER', 'sandbox'],
        ['slip:sample', 'UNREADABLE', 'sandbox'],
        ['slip:sample', 'NOT_FOUND', 'sandbox'],
        ['slip:sample', 'FOUND', 'sandbox'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const finance = await signedIn(s, 'fin', 'finance');
    expect((await staffCall(s, finance.browser, 'POST', '/go-live/test-slip', {})).statusCode).toBe(403);
  });

  it('makes an admin a real QR of the gateway whose payment is kept as a test for finance, never credited', async () => {
    server = await build();
    const s = server;
    const admin = await signedIn(s, 'ada', 'admin');
    const made = await staffCall(s, admin.browser, 'POST', '/go-live/test-qr', {});
    expect(made.statusCode, made.body).toBe(200);
    const qr = made.json() as { made: boolean; ref: string; amount: number; qrcode: string };
    expect(qr).toMatchObject({ made: true, amount: 1 });
    expect(qr.qrcode).toMatch(/^<svg/);
    // a staff member's banking app pays it (the sandbox gateway here): it arrives, kept unmatched as a test
    const before = await s.ctx.database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await operator(s, 'qr', 'pay', qr.ref);
    const payment = await s.ctx.database.db.selectFrom('qr_payments').selectAll().where('ref', '=', qr.ref).executeTakeFirstOrThrow();
    expect([payment.status, payment.reason, Number(payment.amount), payment.member_id]).toEqual(['UNMATCHED', 'TEST_PAYMENT', 100, null]);
    const after = await s.ctx.database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const audit = await staffCall(s, admin.browser, 'GET', '/audit?action=go-live.test-qr');
    expect((audit.json() as { rows: { target: string }[] }).rows.map((r) => r.target)).toEqual([`qr:${qr.ref}`]);
  });
});
