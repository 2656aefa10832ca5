import { parse } from 'promptparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recoverQrCodes } from '../src/modules/deposit/qr-service.js';
import { runCommand } from '../src/operator/commands.js';
import { build, call, login, message, type TestServer } from './helper.js';
import { gatewayCallback, ledgerProblems, otherMember, setSetting, statementOf, walletOf } from './deposit-helpers.js';
import { pastInFlight, setFaults } from './game-faults.js';
import { newMember } from './bonus-helpers.js';

/** GET with no open code: and the most a new one may ask for (the `qrcode` setting's default, 50,000 baht). */
const NO_CODE = { hasQrcode: false, maximum: 50_000 };

describe('payment QR codes', () => {
  let server: TestServer;
  let token: string;
  const create = (provider: string, amount: unknown, key?: string, as = token) =>
    call(server.app, 'POST', `/api/qrcode/${provider}`, { amount }, { token: as, headers: key ? { 'idempotency-key': key } : {} });
  const current = async (provider: string, as = token) =>
    (await call(server.app, 'GET', `/api/qrcode/${provider}`, undefined, { token: as })).json();
  const payments = () => server.ctx.database.db.selectFrom('qr_payments').selectAll().orderBy('id').execute();
  let txn = 0;
  const pay = (qrcodeId: string, amount: number, provider = 'KBANK', signature: 'good' | 'forged' | 'none' = 'good') =>
    gatewayCallback(server, provider, { transactionId: `Tpg${++txn}`, ref: qrcodeId, amount, paidAt: server.clock.now }, signature);

  beforeAll(async () => {
    // nothing listens on port 1: `qr pay` falls back to applying the callback in-process
    server = await build({ publicUrl: 'http://127.0.0.1:1' });
    token = await login(server.app);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await setSetting(server, 'providerFaults', {});
  });

  it('makes a real Thai QR bill payment for KBANK and the TrueMoney template for WW, drawn as SVG', async () => {
    const res = await create('KBANK', 150.25);
    expect(res.statusCode).toBe(200);
    const state = res.json();
    expect(state).toMatchObject({ hasQrcode: true, amount: 150.25, qrcodeId: expect.any(String) });
    expect(state.qrcode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(state.expireIn).toBe(server.clock.now + 10 * 60_000);
    const qr = parse(state.payload, true, true);
    expect(qr?.validate('63')).toBe(true);
    expect(qr?.getTagValue('54')).toBe('150.25');
    expect(qr?.getTagValue('30', '01')).toBe(server.ctx.settings.get('qrcode').billerId);
    expect(qr?.getTagValue('30', '02')).toBe(state.qrcodeId);
    // a flipped character breaks the CRC
    expect(parse(state.payload.replace('150.25', '150.26'), true)).toBeNull();

    const ww = (await create('WW', 100)).json();
    const wwQr = parse(ww.payload, true, true);
    expect(wwQr?.validate('63')).toBe(true);
    expect(wwQr?.getTagValue('54')).toBe('100.00');
    expect(wwQr?.getTagValue('29', '03')).toBe(`14000${server.ctx.settings.get('qrcode').trueMoneyMobile}`);
  });

  it('keeps one open code per member: a new one cancels the others, whatever their provider', async () => {
    const kbank = (await create('KBANK', 10)).json();
    expect((await current('KBANK')).qrcodeId).toBe(kbank.qrcodeId);
    const zapman = (await create('ZAPMAN', 200)).json();
    expect(await current('KBANK')).toEqual(NO_CODE);
    expect(await current('ZAPMAN')).toMatchObject({ hasQrcode: true, qrcodeId: zapman.qrcodeId, amount: 200 });
  });

  it('cancels the member own code only; another member, or an unknown code, is NO_DATA', async () => {
    const code = (await create('KBANK', 20)).json();
    const other = await otherMember(server, '0891112222');
    const theirs = await call(server.app, 'DELETE', `/api/qrcode/${code.qrcodeId}`, undefined, { token: other });
    expect([theirs.statusCode, message(theirs)]).toEqual([404, 'NO_DATA']);
    expect((await current('KBANK')).hasQrcode).toBe(true);
    const unknown = await call(server.app, 'DELETE', '/api/qrcode/QRNOSUCHCODE', undefined, { token });
    expect([unknown.statusCode, message(unknown)]).toEqual([404, 'NO_DATA']);
    const mine = await call(server.app, 'DELETE', `/api/qrcode/${code.qrcodeId}`, undefined, { token });
    expect(mine.statusCode).toBe(200);
    expect(await current('KBANK')).toEqual(NO_CODE);
  });

  it('drops a code when its time runs out', async () => {
    await create('KBANK', 30);
    server.clock.now += 10 * 60_000 - 1;
    expect((await current('KBANK')).hasQrcode).toBe(true);
    server.clock.now += 1;
    expect(await current('KBANK')).toEqual(NO_CODE);
  });

  it('refuses amounts below the provider minimum, with too many decimals, and providers not offered', async () => {
    const cases: [string, unknown, number, string][] = [
      ['KBANK', 0, 400, 'QR_MINIMUM'],
      ['KBANK', 0.99, 400, 'QR_MINIMUM'],
      ['WW', 99.99, 400, 'QR_MINIMUM'],
      ['ZAPMAN', 50, 400, 'QR_MINIMUM'],
      ['KBANK', 1.005, 400, 'KEY_INVALID'],
      ['SCB', 100, 400, 'QR_UNAVAILABLE'],
    ];
    for (const [provider, amount, status, code] of cases) {
      const res = await create(provider, amount);
      expect([res.statusCode, res.json()], `${provider} ${amount}`).toEqual([status, { message: code, hasQrcode: false }]);
    }
    const missing = await call(server.app, 'POST', '/api/qrcode/KBANK', {}, { token });
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'KEY_MISSING', hasQrcode: false }]);
    const text = await create('KBANK', '100');
    expect([text.statusCode, text.json()]).toEqual([400, { message: 'KEY_INVALID', hasQrcode: false }]);
    expect((await create('KBANK', 1)).statusCode).toBe(200);
    expect((await create('WW', 100)).statusCode).toBe(200);

    const deposit = server.ctx.settings.get('deposit');
    await setSetting(server, 'deposit', { ...deposit, banks: deposit.banks.filter((b) => b.bankCode !== 'ZAPMAN') });
    const res = await create('ZAPMAN', 100);
    expect([res.statusCode, message(res)]).toEqual([400, 'QR_UNAVAILABLE']);
    await setSetting(server, 'deposit', deposit);
  });

  it("refuses more than the provider's maximum (qrcode setting) with QR_MAXIMUM, creating nothing", async () => {
    const codes = async () =>
      Number(
        (
          await server.ctx.database.db
            .selectFrom('qrcodes')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await codes();
    for (const amount of [99_999_999_999.99, 1_000_000, 50_000.01]) {
      const res = await create('KBANK', amount);
      expect([res.statusCode, res.json()], String(amount)).toEqual([400, { message: 'QR_MAXIMUM', hasQrcode: false }]);
    }
    expect(await codes()).toBe(before);
    expect((await create('KBANK', 50_000)).json()).toMatchObject({ hasQrcode: true, amount: 50_000 });

    const qrcode = server.ctx.settings.get('qrcode');
    await setSetting(server, 'qrcode', { ...qrcode, maximum: { ...qrcode.maximum, WW: 5_000 } });
    expect(await current('WW')).toEqual({ hasQrcode: false, maximum: 5_000 });
    expect(message(await create('WW', 5_000.01))).toBe('QR_MAXIMUM');
    expect((await create('WW', 5_000)).statusCode).toBe(200);
    // a setting from before the maximum: 50,000 baht
    await setSetting(server, 'qrcode', {
      expireMinutes: qrcode.expireMinutes,
      billerId: qrcode.billerId,
      trueMoneyMobile: qrcode.trueMoneyMobile,
    });
    expect(message(await create('ZAPMAN', 50_000.01))).toBe('QR_MAXIMUM');
    await setSetting(server, 'qrcode', qrcode);
  });

  it('answers a replayed Idempotency-Key with the same code', async () => {
    const first = await create('KBANK', 40, 'qr-key-0001');
    const again = await create('KBANK', 40, 'qr-key-0001');
    expect(again.json()).toEqual(first.json());
    expect((await current('KBANK')).qrcodeId).toBe(first.json().qrcodeId);
    // the same key for another provider is another request
    const other = await create('ZAPMAN', 40, 'qr-key-0001');
    expect([other.statusCode, message(other)]).toEqual([422, 'KEY_INVALID']);
  });

  it('credits a paid code once through the signed callback; a replay answers the same and credits nothing more', async () => {
    const before = await walletOf(server);
    const code = (await create('KBANK', 123.45)).json();
    const body = { transactionId: `TX-once-pg`, ref: code.qrcodeId, amount: 123.45, paidAt: server.clock.now };
    const first = await gatewayCallback(server, 'KBANK', body);
    expect([first.statusCode, first.json()]).toEqual([200, { message: 'SUCCESS', status: 'CREDITED' }]);
    expect(await walletOf(server)).toBe(before + 12_345);
    expect(await current('KBANK')).toEqual(NO_CODE);

    const replays = await Promise.all([1, 2, 3].map(() => gatewayCallback(server, 'KBANK', body)));
    for (const r of replays) expect([r.statusCode, r.json()]).toEqual([200, { message: 'SUCCESS', status: 'CREDITED' }]);
    expect(await walletOf(server)).toBe(before + 12_345);
    const { statements } = await statementOf(server, token);
    expect(statements[0]).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', from: 'QR_KBANK', to: 'WALLET', amount: 123.45 });
  });

  it("tells a phone back online what became of the code it showed: open, paid, or closed; another member's is NO_DATA", async () => {
    const outcome = (qrcodeId: string, as = token) => call(server.app, 'GET', `/api/qrcode/code/${qrcodeId}`, undefined, { token: as });
    const code = (await create('KBANK', 42.5)).json();
    expect((await outcome(code.qrcodeId)).json()).toEqual({ status: 'OPEN', amount: 42.5 });
    await pay(code.qrcodeId, 42.5);
    expect((await outcome(code.qrcodeId)).json()).toEqual({ status: 'PAID', amount: 42.5 });
    const other = await otherMember(server, '0891113333');
    const theirs = await outcome(code.qrcodeId, other);
    expect([theirs.statusCode, message(theirs)]).toEqual([404, 'NO_DATA']);
    const cancelled = (await create('KBANK', 30)).json();
    await call(server.app, 'DELETE', `/api/qrcode/${cancelled.qrcodeId}`, undefined, { token });
    expect((await outcome(cancelled.qrcodeId)).json()).toEqual({ status: 'CLOSED', amount: 30 });
    expect((await call(server.app, 'GET', '/api/qrcode/code/QRNOSUCHCODE')).statusCode).toBe(401);
  });

  it('answers ten deliveries of one callback sent at once with 200 each and credits once', async () => {
    for (const late of [false, true]) {
      const before = await walletOf(server);
      const code = (await create('KBANK', 77)).json();
      if (late) server.clock.now += 11 * 60_000; // the code expired before the payment: kept unmatched
      const body = { transactionId: `TX-ten-pg-${late}`, ref: code.qrcodeId, amount: 77, paidAt: server.clock.now };
      const answers = await Promise.all(Array.from({ length: 10 }, () => gatewayCallback(server, 'KBANK', body)));
      const status = late ? 'UNMATCHED' : 'CREDITED';
      for (const r of answers) expect([r.statusCode, r.json()]).toEqual([200, { message: 'SUCCESS', status }]);
      expect(await walletOf(server)).toBe(before + (late ? 0 : 7_700));
    }
    expect(await ledgerProblems(server)).toEqual([]);
  });

  it('refuses unsigned and forged callbacks and changes nothing', async () => {
    const before = await walletOf(server);
    const code = (await create('KBANK', 50)).json();
    const stored = (await payments()).length;
    for (const signature of ['none', 'forged'] as const) {
      const res = await pay(code.qrcodeId, 50, 'KBANK', signature);
      expect(res.statusCode, signature).toBe(401);
    }
    // signed for another body
    const body = JSON.stringify({ transactionId: 'T-tampered', ref: code.qrcodeId, amount: 50 });
    const tampered = await server.app.inject({
      method: 'POST',
      url: '/api/callbacks/qr/KBANK',
      headers: {
        'content-type': 'application/json',
        'x-gateway-signature': (await import('../src/adapters/gateway/gateway.js')).signCallback(server.config.qrCallbackSecret, body),
      },
      payload: body.replace('50', '5000'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await walletOf(server)).toBe(before);
    expect(await payments()).toHaveLength(stored);
    expect((await current('KBANK')).hasQrcode).toBe(true);
  });

  it('keeps payments for a cancelled or expired code, another amount or an unknown code unmatched, answered 200, never credited', async () => {
    const before = await walletOf(server);
    const cancelled = (await create('KBANK', 60)).json();
    await call(server.app, 'DELETE', `/api/qrcode/${cancelled.qrcodeId}`, undefined, { token });
    const wrongAmount = (await create('KBANK', 70)).json();
    const r1 = await pay(cancelled.qrcodeId, 60);
    const r2 = await pay(wrongAmount.qrcodeId, 70.01);
    const r3 = await pay('QRNOSUCHCODE0000', 80);
    const r4 = await pay(wrongAmount.qrcodeId, 70, 'ZAPMAN');
    server.clock.now += 11 * 60_000;
    const r5 = await pay(wrongAmount.qrcodeId, 70);
    for (const r of [r1, r2, r3, r4, r5]) expect([r.statusCode, r.json()]).toEqual([200, { message: 'SUCCESS', status: 'UNMATCHED' }]);
    expect(await walletOf(server)).toBe(before);
    const unmatched = (await payments()).filter((p) => p.status === 'UNMATCHED').map((p) => p.reason);
    expect(unmatched).toEqual(
      expect.arrayContaining(['CODE_CANCELLED', 'AMOUNT_MISMATCH', 'UNKNOWN_CODE', 'WRONG_PROVIDER', 'CODE_EXPIRED']),
    );
    const lines: string[] = [];
    await runCommand(server.ctx, ['qr', 'list'], (l) => lines.push(l));
    expect(lines.join('\n')).toContain('CODE_CANCELLED');
  });

  it('answers QR_FAIL when the gateway fails; a hung gateway leaves the code to the sweep', async () => {
    await setSetting(server, 'providerFaults', { GATEWAY: 'fail' });
    const failed = await create('KBANK', 90);
    expect([failed.statusCode, failed.json()]).toEqual([503, { message: 'QR_FAIL', hasQrcode: false }]);
    expect(await current('KBANK')).toEqual(NO_CODE);

    await setFaults(server, { GATEWAY: 'hang' });
    const hung = await create('KBANK', 91);
    expect([hung.statusCode, message(hung)]).toEqual([503, 'QR_FAIL']);
    await setFaults(server, {});
    pastInFlight(server);
    expect(await recoverQrCodes(server.ctx)).toEqual({ settled: 0, compensated: 1, left: 0 });
    expect(await current('KBANK')).toEqual(NO_CODE);
    expect((await create('KBANK', 92)).statusCode).toBe(200);
  });

  it('qr pay: the sandbox gateway pays and, with no server listening, applies the signed callback in-process', async () => {
    const before = await walletOf(server);
    const code = (await create('ZAPMAN', 300)).json();
    const lines: string[] = [];
    await runCommand(server.ctx, ['qr', 'pay', code.qrcodeId], (l) => lines.push(l));
    expect(lines.join('\n')).toContain('applying the same signed callback in-process');
    expect(lines.at(-1)).toContain('CREDITED');
    expect(await walletOf(server)).toBe(before + 30_000);
    const again: string[] = [];
    const second = (await create('KBANK', 5)).json();
    await runCommand(server.ctx, ['qr', 'pay', second.qrcodeId, '6'], (l) => again.push(l));
    expect(again.at(-1)).toContain('UNMATCHED');
    expect(await walletOf(server)).toBe(before + 30_000);
  });

  it('records a paid code while the site is terminated: the gateway is not a member', async () => {
    const before = await walletOf(server);
    const code = (await create('KBANK', 15)).json();
    await setSetting(server, 'siteActive', false);
    try {
      const res = await pay(code.qrcodeId, 15);
      expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS', status: 'CREDITED' }]);
    } finally {
      await setSetting(server, 'siteActive', true);
    }
    expect(await walletOf(server)).toBe(before + 1_500);
  });

  it('keeps the ledger whole', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
  });
});

describe('the QR maximum on the Lao site', () => {
  it('is 50,000 baht for a member in baht (the seeded 30,000,000 kip at 600 kip a baht), refused above it', async () => {
    const server = await build({ variant: 'la' });
    try {
      // a Thai code pays baht: only a member who chose baht is offered one (lao-money.test.ts)
      const { token } = await newMember(server, undefined, { currency: 'BAHT' });
      const current = await call(server.app, 'GET', '/api/qrcode/KBANK', undefined, { token });
      expect(current.json()).toEqual({ hasQrcode: false, maximum: 50_000 });
      const over = await call(server.app, 'POST', '/api/qrcode/KBANK', { amount: 50_000.01 }, { token });
      expect([over.statusCode, over.json()]).toEqual([400, { message: 'QR_MAXIMUM', hasQrcode: false }]);
      const at = await call(server.app, 'POST', '/api/qrcode/KBANK', { amount: 50_000 }, { token });
      expect(at.json()).toMatchObject({ hasQrcode: true, amount: 50_000 });
    } finally {
      await server.close();
    }
  });
});
