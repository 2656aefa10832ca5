import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsSenderOf } from '../src/adapters/sms/choose.js';
import { createLogger } from '../src/lib/logger.js';
import { SmsSendError, ThaiBulkSmsSender, TwilioSmsSender } from '../src/adapters/sms/providers.js';
import type { SmsSender } from '../src/adapters/sms/sender.js';
import { fakeThaiBulkSms, fakeTwilio, type FakeGateway, type FakeMode } from './sms-fakes.js';
import { build, call, message, type TestServer } from './helper.js';

/**
 * The real SMS adapters against local fakes of ThaiBulkSMS and Twilio (issue 37): what they send, and
 * that every way a gateway can fail is a thrown SmsSendError naming it, never the code sent.
 */
const CODE = '493817';
const failure = async (send: Promise<void>) => {
  const err = await send.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  expect((err as Error).message).not.toContain(CODE);
  return (err as Error).message;
};

describe('ThaiBulkSMS', () => {
  let fake: FakeGateway;
  const sender = (over: { apiSecret?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    new ThaiBulkSmsSender({
      apiKey: 'key-1',
      apiSecret: 'secret-1',
      sender: 'WALLET',
      baseUrl: fake.url,
      timeoutMs: 30_000, // an answered call waits as long as a loaded machine needs; the hang tests set 200
      variant: 'th',
      ...over,
    });
  beforeAll(async () => {
    fake = await fakeThaiBulkSms('key-1', 'secret-1');
  });
  afterAll(() => fake.close());

  it('sends the code to the number in international form, from the registered sender name, in Thai', async () => {
    fake.mode = 'ok';
    await sender().sendOtp('0812345678', CODE, 'AB12');
    expect(fake.sent.at(-1)).toEqual({ msisdn: '66812345678', message: `รหัส OTP ของคุณ: ${CODE} (อ้างอิง AB12)`, sender: 'WALLET' });
  });

  it.each<[FakeMode, RegExp]>([
    ['bad-number', /refused the number \(Invalid phone number\)/],
    ['no-credit', /answered 402 402 INSUFFICIENT_CREDIT/],
    ['rate-limited', /answered 429 429 TOO_MANY_REQUESTS/],
    ['server-error', /answered 500 500 INTERNAL_SERVER_ERROR/],
    ['garbage', /answered 200 without a phone_number_list/],
  ])('%s: a failed send, named', async (mode, said) => {
    fake.mode = mode;
    expect(await failure(sender().sendOtp('0812345678', CODE, 'AB12'))).toMatch(said);
  });

  it('a wrong secret, no answer in time, and nobody listening are failed sends too', async () => {
    fake.mode = 'ok';
    expect(await failure(sender({ apiSecret: 'wrong' }).sendOtp('0812345678', CODE, 'R'))).toMatch(/answered 401 401 UNAUTHORIZED/);
    fake.mode = 'hang';
    expect(await failure(sender({ timeoutMs: 200 }).sendOtp('0812345678', CODE, 'R'))).toBe('ThaiBulkSMS: no answer within 200 ms');
    expect(await failure(sender({ baseUrl: 'http://127.0.0.1:9' }).sendOtp('0812345678', CODE, 'R'))).toMatch(/^ThaiBulkSMS: unreachable/);
  });
});

describe('Twilio', () => {
  let fake: FakeGateway;
  const sender = (over: { authToken?: string; timeoutMs?: number } = {}) =>
    new TwilioSmsSender({
      accountSid: 'AC123',
      authToken: 'token-1',
      from: '+15005550006',
      baseUrl: fake.url,
      timeoutMs: 30_000, // an answered call waits as long as a loaded machine needs; the hang tests set 200
      variant: 'la',
      ...over,
    });
  beforeAll(async () => {
    fake = await fakeTwilio('AC123', 'token-1');
  });
  afterAll(() => fake.close());

  it('sends a Lao number in E.164 with the code in Lao', async () => {
    fake.mode = 'ok';
    await sender().sendOtp('02055551234', CODE, 'ZX9');
    expect(fake.sent.at(-1)).toEqual({ To: '+8562055551234', From: '+15005550006', Body: `ລະຫັດ OTP ຂອງທ່ານ: ${CODE} (ອ້າງອີງ ZX9)` });
  });

  it.each<[FakeMode, RegExp]>([
    ['bad-number', /answered 400 21211/],
    ['rate-limited', /answered 429 20429/],
    ['server-error', /answered 500 20500/],
    ['garbage', /answered 201 without a message sid/],
    ['failed', /with the message failed/],
  ])('%s: a failed send, named', async (mode, said) => {
    fake.mode = mode;
    expect(await failure(sender().sendOtp('02055551234', CODE, 'ZX9'))).toMatch(said);
  });

  it('a wrong token and no answer in time are failed sends', async () => {
    fake.mode = 'ok';
    expect(await failure(sender({ authToken: 'nope' }).sendOtp('02055551234', CODE, 'R'))).toMatch(/answered 401 20003/);
    fake.mode = 'hang';
    expect(await failure(sender({ timeoutMs: 200 }).sendOtp('02055551234', CODE, 'R'))).toBe('Twilio: no answer within 200 ms');
  });
});

describe('a registration code through ThaiBulkSMS', () => {
  let server: TestServer;
  let fake: FakeGateway;
  const logged: string[] = [];
  beforeAll(async () => {
    fake = await fakeThaiBulkSms('key-2', 'secret-2');
    // the server's own logger, its lines kept: a code must never be in them
    const logger = createLogger('info', { write: (line: string) => void logged.push(line) });
    server = await build(
      {
        smsProvider: 'thaibulksms',
        thaibulksms: { apiKey: 'key-2', apiSecret: 'secret-2', sender: 'WALLET', baseUrl: fake.url },
        // long enough for a busy machine's answer, short enough to wait out the hanging gateway
        providerTimeoutMs: 2000,
      },
      { logger },
    );
    // the sender main.ts makes of this configuration, in place of the tests' recording one
    (server.ctx as { sms: SmsSender }).sms = smsSenderOf(server.config, logger);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('reaches the member through the gateway, and verifies; a gateway that fails or hangs answers 502 OTP_SEND_FAIL', async () => {
    fake.mode = 'ok';
    const sent = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: '0898765432' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { otpToken } = sent.json() as { otpToken: string };
    const code = /: (\d{6}) /.exec(fake.sent.at(-1)!.message!)![1]!;
    expect(fake.sent.at(-1)!.msisdn).toBe('66898765432');
    const verified = await call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode: code });
    expect([verified.statusCode, message(verified)]).toEqual([200, 'OTP_CODE_VALID']);
    for (const mode of ['server-error', 'hang'] as const) {
      fake.mode = mode;
      const failed = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: '0898765433' });
      expect([mode, failed.statusCode, message(failed)]).toEqual([mode, 502, 'OTP_SEND_FAIL']);
    }
    // the failures are in the log, named, and no code sent is: the failed send's own (the fake had it) nor the first
    expect(logged.join('\n')).toContain('ThaiBulkSMS answered 500 500 INTERNAL_SERVER_ERROR');
    expect(logged.join('\n')).toContain('ThaiBulkSMS: no answer within 2000 ms');
    const codes = fake.sent.map((form) => /: (\d{6}) /.exec(form.message!)![1]!);
    expect(codes).toHaveLength(2);
    for (const sentCode of codes) expect(logged.join('\n')).not.toContain(sentCode);
  });
});
