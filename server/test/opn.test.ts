import { LIMITS } from '../src/lib/rate-limit.js';
import { makeTestCode } from '../src/modules/deposit/service.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, call, login, type TestServer } from './helper.js';
import { newMember } from './bonus-helpers.js';
import { gatewayCallback } from './deposit-helpers.js';
import { operator } from './staff-helpers.js';
import { faultsSince, providerFaultCounts } from './fake-server.js';
import { fakeOpn, type FakeOpn } from './opn-fake.js';

/**
 * Payment QR codes through Opn Payments (PAYMENT_GATEWAY=opn, issue 37), against a local fake of its
 * documented charges API: the code the member sees is the charge's own, and a payment is credited only as
 * Opn answers it when asked back, never as a webhook's body claims.
 */
describe('payment QR codes through Opn Payments', () => {
  let fake: FakeOpn;
  let server: TestServer;
  let token: string;
  const create = (provider: string, amount: number) => call(server.app, 'POST', `/api/qrcode/${provider}`, { amount }, { token });
  const wallet = async () =>
    ((await call(server.app, 'GET', '/api/wallet', undefined, { token })).json() as { wallet: { amount: number } }).wallet.amount;
  const webhook = (body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/callbacks/opn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const chargeOfCode = (qrcodeId: string) => [...fake.charges.values()].find((c) => c.metadata.ref === qrcodeId)!;
  const faults = () => providerFaultCounts(server.app, 'opn-test-metrics-token-0', 'opn');

  beforeAll(async () => {
    fake = await fakeOpn();
    server = await build({
      providerTimeoutMs: 1500,
      paymentGateway: 'opn',
      opn: { baseUrl: fake.url, secretKey: fake.secretKey },
      metricsToken: 'opn-test-metrics-token-0',
    });
    token = await login(server.app);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.asked.length = 0;
  });

  it("shows the member the QR of the charge Opn made: PromptPay for a bank, TrueMoney's for WW", async () => {
    const res = await create('KBANK', 150.25);
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json() as { qrcodeId: string; payload: string; amount: number; qrcode: string };
    const charge = chargeOfCode(state.qrcodeId);
    expect(state).toMatchObject({ hasQrcode: true, amount: 150.25, payload: fake.payloads.get(charge.id) });
    expect(state.qrcode).toMatch(/^<svg/);
    expect(fake.asked).toEqual([
      {
        method: 'POST',
        path: '/charges',
        form: {
          amount: '15025',
          currency: 'THB',
          'source[type]': 'promptpay',
          'metadata[ref]': state.qrcodeId,
          'metadata[provider]': 'KBANK',
          description: `Wallet deposit ${state.qrcodeId}`,
        },
      },
    ]);
    const ww = (await create('WW', 100)).json() as { qrcodeId: string; payload: string };
    expect(chargeOfCode(ww.qrcodeId).source.type).toBe('truemoney_qr');
    expect(ww.payload).toBe(fake.payloads.get(chargeOfCode(ww.qrcodeId).id));
  });

  it('credits a paid code once, as Opn answers the charge when asked back; a replay changes nothing', async () => {
    const before = await wallet();
    const state = (await create('KBANK', 250)).json() as { qrcodeId: string };
    const charge = chargeOfCode(state.qrcodeId);
    fake.pay(charge.id);
    const event = fake.event(charge.id);
    fake.asked.length = 0;
    const first = await webhook(event);
    expect([first.statusCode, first.json()]).toEqual([200, { message: 'SUCCESS', status: 'CREDITED' }]);
    expect(fake.asked).toEqual([{ method: 'GET', path: `/charges/${charge.id}` }]);
    expect(await wallet()).toBeCloseTo(before + 250, 2);
    const again = await webhook(event);
    expect([again.statusCode, again.json()]).toEqual([200, { message: 'SUCCESS', status: 'CREDITED' }]);
    expect(await wallet()).toBeCloseTo(before + 250, 2);
    // the replay was answered from our books: no second call to Opn
    expect(fake.asked).toHaveLength(1);
    const code = await call(server.app, 'GET', '/api/qrcode/KBANK', undefined, { token });
    expect(code.json()).toMatchObject({ hasQrcode: false });
  });

  it('never credits what the webhook claims: a charge Opn says is unpaid, one it does not know, a body that is not an event', async () => {
    const before = await wallet();
    const state = (await create('KBANK', 300)).json() as { qrcodeId: string };
    const charge = chargeOfCode(state.qrcodeId);
    // the body says paid; Opn says pending
    const forged = { ...fake.event(charge.id), data: { ...charge, status: 'successful', paid: true } };
    expect((await webhook(forged)).json()).toEqual({ message: 'SUCCESS', status: 'NOT_PAID' });
    expect((await webhook({ ...forged, data: { ...forged.data, id: 'chrg_test_nosuchcharge0' } })).statusCode).toBe(404);
    for (const body of [{ object: 'event' }, { object: 'event', data: { id: 'x'.repeat(300) } }, 'not json', []])
      expect((await webhook(body)).statusCode).toBe(400);
    // an event of no code of ours (a refund, a charge made elsewhere, a forgery naming none) costs no call to Opn
    fake.asked.length = 0;
    for (const data of [{ id: 'rfnd_test_1' }, { id: charge.id, metadata: {} }, { id: charge.id, metadata: { ref: 'QRNOTOURS' } }])
      expect((await webhook({ object: 'event', key: 'charge.complete', data })).json()).toEqual({ message: 'SUCCESS', status: 'IGNORED' });
    expect(fake.asked).toEqual([]);
    // the sandbox gateway's signed callback is no way in: with Opn, only what Opn answers credits
    const signed = await gatewayCallback(server, 'KBANK', { transactionId: 'T-signed-1', ref: state.qrcodeId, amount: 300 });
    expect(signed.statusCode).toBe(404);
    expect(await wallet()).toBe(before);
  });

  it("keeps a payment in another currency than the code's unmatched, never credited", async () => {
    const before = await wallet();
    const state = (await create('KBANK', 300)).json() as { qrcodeId: string };
    const charge = chargeOfCode(state.qrcodeId);
    fake.pay(charge.id);
    charge.currency = 'JPY';
    expect((await webhook(fake.event(charge.id))).json()).toEqual({ message: 'SUCCESS', status: 'UNMATCHED' });
    expect(await wallet()).toBe(before);
    const payment = await server.ctx.database.db
      .selectFrom('qr_payments')
      .select('reason')
      .where('gateway_txn_id', '=', charge.id)
      .executeTakeFirstOrThrow();
    expect(payment.reason).toBe('CURRENCY_MISMATCH');
  });

  it('in production takes only live charges: a test charge marked paid credits nothing', async () => {
    const live = await build({
      production: true,
      providerTimeoutMs: 1500,
      paymentGateway: 'opn',
      opn: { baseUrl: fake.url, secretKey: fake.secretKey },
    });
    try {
      // a production site offers the QR provider once the operator has set it
      const kbank = {
        bankCode: 'KBANK',
        bankType: 'QRCODE',
        mode: 'AUTO',
        nameTH: 'กสิกรไทย',
        nameEN: 'Kasikornbank',
        bankAccountName: 'WALLET',
        bankAccountNo: '',
        currency: 'BAHT',
      };
      await operator(live, 'settings', 'set', 'deposit', JSON.stringify({ banks: [kbank], wallets: [], isManual: false }));
      await live.ctx.settings.refresh();
      const { token: member } = await newMember(live);
      const created = await call(live.app, 'POST', '/api/qrcode/KBANK', { amount: 100 }, { token: member });
      expect(created.statusCode, created.body).toBe(200);
      const state = created.json() as { qrcodeId: string };
      const charge = chargeOfCode(state.qrcodeId);
      expect(charge.livemode).toBe(false);
      fake.pay(charge.id);
      const res = await live.app.inject({
        method: 'POST',
        url: '/api/callbacks/opn',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(fake.event(charge.id)),
      });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_DATA' }]);
    } finally {
      await live.close();
    }
  });

  it('answers 503 while Opn cannot be asked back (Opn delivers again), and credits at the delivery after', async () => {
    const before = await wallet();
    const state = (await create('KBANK', 120)).json() as { qrcodeId: string };
    const charge = chargeOfCode(state.qrcodeId);
    fake.pay(charge.id);
    for (const mode of ['server-error', 'hang', 'garbage'] as const) {
      fake.mode = mode;
      expect((await webhook(fake.event(charge.id))).statusCode).toBe(503);
    }
    expect(await wallet()).toBe(before);
    fake.mode = 'ok';
    expect((await webhook(fake.event(charge.id))).json()).toEqual({ message: 'SUCCESS', status: 'CREDITED' });
    expect(await wallet()).toBeCloseTo(before + 120, 2);
  });

  it('tells the member QR_FAIL when Opn refuses, fails or hangs, or its QR cannot be read; logged and counted', async () => {
    const counted = await faults();
    for (const mode of ['rate-limited', 'server-error', 'hang', 'garbage', 'no-image'] as const) {
      fake.mode = mode;
      const res = await create('KBANK', 50);
      expect([mode, res.statusCode, res.json()]).toEqual([mode, 503, { hasQrcode: false, message: 'QR_FAIL' }]);
    }
    // below Opn's least (20 baht): the member is told the minimum, and Opn is not asked
    fake.mode = 'ok';
    fake.asked.length = 0;
    const small = await create('KBANK', 19.99);
    expect([small.statusCode, small.json()]).toEqual([400, { hasQrcode: false, message: 'QR_MINIMUM' }]);
    expect(fake.asked).toEqual([]);
    // a hung call is counted when its own timeout ends it, about when the member was answered
    await expect
      .poll(async () => faultsSince(counted, await faults(), ['too_many_requests', 'internal_error', 'timeout', 'malformed']))
      .toEqual([1, 1, 1, 2]);
  });

  it('holds back an address sending deliveries that find no payment, never one delivering real payments', async () => {
    const from = (remoteAddress: string, body: unknown) =>
      server.app.inject({
        method: 'POST',
        url: '/api/callbacks/opn',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    // a busy evening: more replays of a real payment than the limit, from one address, all answered
    const state = (await create('KBANK', 30)).json() as { qrcodeId: string };
    const charge = chargeOfCode(state.qrcodeId);
    fake.pay(charge.id);
    const paid = fake.event(charge.id);
    for (let i = 0; i < LIMITS.gatewayWebhookAddress.max + 5; i += 1) expect((await from('203.0.113.7', paid)).statusCode).toBe(200);
    // a charge Opn does not know, named with one of our codes: each cost a call to Opn, and they count
    const forged = { ...paid, data: { ...paid.data, id: 'chrg_test_nosuchcharge1' } };
    for (let i = 0; i < LIMITS.gatewayWebhookAddress.max; i += 1) expect((await from('203.0.113.9', forged)).statusCode).toBe(404);
    const over = await from('203.0.113.9', forged);
    expect([over.statusCode, over.json()]).toEqual([429, { message: 'REQUEST_LIMIT_1MIN' }]);
    // another address delivering a real payment is not held back by it
    expect((await from('203.0.113.7', paid)).statusCode).toBe(200);
  });

  it("makes the go-live list's test QR an Opn charge of 20 baht, whose payment is kept unmatched as a test", async () => {
    const made = await makeTestCode(server.ctx, 'staff:ada');
    if (!made.made) throw new Error(made.detail);
    expect(made.amount).toBe(20);
    const charge = chargeOfCode(made.ref);
    expect([charge.amount, charge.source.type]).toEqual([2000, 'promptpay']);
    fake.pay(charge.id);
    const delivered = await webhook(fake.event(charge.id));
    expect(delivered.json()).toEqual({ message: 'SUCCESS', status: 'UNMATCHED' });
    const payment = await server.ctx.database.db
      .selectFrom('qr_payments')
      .selectAll()
      .where('gateway_txn_id', '=', charge.id)
      .executeTakeFirstOrThrow();
    expect([payment.reason, payment.member_id, payment.journal_id]).toEqual(['TEST_PAYMENT', null, null]);
  });
});
