import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, DEMO_MEMBER, message, type TestServer } from './helper.js';

describe('OTP', () => {
  let server: TestServer;
  let phoneSeq = 0;
  const nextPhone = () => `08900000${String(++phoneSeq).padStart(2, '0')}`;
  const send = (phoneNumber: string) => call(server.app, 'POST', '/api/otp/send', { phoneNumber });
  const verify = (otpToken: string, otpCode: string | undefined) => call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode });

  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('sends 6 random digits bound to a token and verifies them once', async () => {
    const phone = nextPhone();
    const res = await send(phone);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('OTP_SENT');
    expect(body.otpRef).toMatch(/^[0-9A-F]{6}$/);
    const code = server.sms.lastCodeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(body)).not.toContain(code); // the code goes only by SMS
    const ok = await verify(body.otpToken, code);
    expect([ok.statusCode, message(ok)]).toEqual([200, 'OTP_CODE_VALID']);
    const again = await verify(body.otpToken, code);
    expect([again.statusCode, message(again)]).toEqual([400, 'OTP_VERIFIED']);
    // a new send for a verified phone sends a fresh code and never gives out the verified token;
    // only whoever shows that token is told the phone is verified (registration can skip the OTP step)
    const fresh = (await send(phone)).json();
    expect(fresh.code).toBe('OTP_SENT');
    expect(fresh.otpToken).not.toBe(body.otpToken);
    const shown = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone, otpToken: body.otpToken });
    expect(shown.json()).toEqual({ otpRef: body.otpRef, otpToken: body.otpToken, code: 'OTP_VERIFIED' });
  });

  it('does not accept a code with another token', async () => {
    const a = nextPhone();
    const b = nextPhone();
    const tokenA = (await send(a)).json().otpToken;
    await send(b);
    const res = await verify(tokenA, server.sms.lastCodeFor(b));
    // a collision of two random codes is possible but one in a million
    if (server.sms.lastCodeFor(a) !== server.sms.lastCodeFor(b)) expect(message(res)).toBe('OTP_CODE_INVALID');
  });

  it('rejects an unknown token, a wrong code, and blocks after 5 tries', async () => {
    expect(message(await verify('no-such-token', '123456'))).toBe('OTP_TOKEN_INVALID');
    const phone = nextPhone();
    const { otpToken } = (await send(phone)).json();
    const right = server.sms.lastCodeFor(phone)!;
    const wrong = right === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(message(await verify(otpToken, wrong)));
    expect(codes).toEqual(['OTP_CODE_INVALID', 'OTP_CODE_INVALID', 'OTP_CODE_INVALID', 'OTP_CODE_INVALID', 'OTP_BLOCK']);
    expect(message(await verify(otpToken, right))).toBe('OTP_BLOCK');
  });

  it('expires a code after 5 minutes', async () => {
    const phone = nextPhone();
    const { otpToken } = (await send(phone)).json();
    server.clock.now += 5 * 60_000 + 1;
    expect(message(await verify(otpToken, server.sms.lastCodeFor(phone)))).toBe('OTP_EXPIRED');
  });

  it('applies the phone rule, refuses a registered phone, and rate-limits sending', async () => {
    expect(message(await send('081234'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(message(await send('08123456789'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(message(await send('08123456ab'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    const taken = await send(DEMO_MEMBER.phone);
    expect([taken.statusCode, message(taken)]).toEqual([409, 'EXISTING_USER']);
    const phone = nextPhone();
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await send(phone)).statusCode);
    expect(results).toEqual([200, 200, 200, 429]);
    server.clock.now += 61_000;
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('answers bad input with 400 codes', async () => {
    expect(message(await call(server.app, 'POST', '/api/otp/send', {}))).toBe('KEY_MISSING');
    expect(message(await call(server.app, 'POST', '/api/otp/send', { phoneNumber: 812345678 }))).toBe('KEY_INVALID');
    expect(message(await call(server.app, 'POST', '/api/otp/verify', { otpToken: 'x' }))).toBe('KEY_MISSING');
  });
});
