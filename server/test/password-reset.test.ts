import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.js';
import { build, call, login, message, type TestServer } from './helper.js';

describe('a forgotten password', () => {
  let server: TestServer;
  let phoneSeq = 0;
  const nextPhone = () => `0860${String(++phoneSeq).padStart(6, '0')}`;
  const forgot = (phoneNumber: string, address?: string) => call(server.app, 'POST', '/api/password/forgot', { phoneNumber }, { address });
  const verify = (otpToken: string, otpCode: string | undefined) => call(server.app, 'POST', '/api/otp/verify', { otpToken, otpCode });
  const reset = (phoneNumber: string, otpToken: string, newPassword: string) =>
    call(server.app, 'POST', '/api/password/reset', { phoneNumber, otpToken, newPassword });
  const signIn = (username: string, password: string) => call(server.app, 'POST', '/api/login', { username, password });
  const profile = (token: string) => call(server.app, 'GET', '/api/account/profile', undefined, { token });

  /** A registered member (straight into the database: registration is not what is tested), password secret123. */
  async function member(status: 'active' | 'disabled' = 'active'): Promise<string> {
    const phone = nextPhone();
    await server.ctx.database.db
      .insertInto('members')
      .values({
        phone,
        name: 'Reset Member',
        password_hash: await hashPassword('secret123'),
        status,
        currency: 'BAHT',
        bank_code: 'KBANK',
        bank_account_name: 'RESET MEMBER',
        bank_account_no: `7${phone.slice(1)}`,
        source_code: null,
        inviter_id: null,
        created_at: server.clock.now,
      })
      .execute();
    return phone;
  }

  /** Asks for a code and verifies it as the site does; gives the token. */
  async function verifiedToken(phone: string): Promise<string> {
    const { otpToken } = (await forgot(phone)).json() as { otpToken: string };
    const ok = await verify(otpToken, server.sms.lastCodeFor(phone));
    expect([ok.statusCode, message(ok)]).toEqual([200, 'OTP_CODE_VALID']);
    return otpToken;
  }

  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('texts a code to the registered phone, sets the new password and ends every session of the member', async () => {
    const phone = await member();
    const phoneA = await login(server.app, phone, 'secret123');
    const phoneB = await login(server.app, phone, 'secret123');
    const sent = await forgot(phone);
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body).toEqual({ otpRef: expect.stringMatching(/^[0-9A-F]{6}$/), otpToken: expect.any(String), code: 'OTP_SENT' });
    await expect.poll(() => server.sms.lastCodeFor(phone)).toMatch(/^\d{6}$/);
    expect(server.sms.sent.at(-1)?.ref).toBe(body.otpRef);
    expect(message(await verify(body.otpToken, server.sms.lastCodeFor(phone)))).toBe('OTP_CODE_VALID');

    const done = await reset(phone, body.otpToken, 'brand-new-1');
    expect([done.statusCode, message(done)]).toEqual([200, 'SUCCESS']);
    for (const token of [phoneA, phoneB])
      expect([(await profile(token)).statusCode, message(await profile(token))]).toEqual([401, 'invalid-token']);
    expect(message(await signIn(phone, 'secret123'))).toBe('WRONG_CREDENTIAL');
    expect((await signIn(phone, 'brand-new-1')).statusCode).toBe(200);
    // the code is used up: it sets no second password
    expect(message(await reset(phone, body.otpToken, 'another-22'))).toBe('PASSWORD_RESET_INVALID');
    expect((await signIn(phone, 'brand-new-1')).statusCode).toBe(200);
  });

  it('refuses a wrong code, an unverified or foreign token, and a password against §5, changing nothing', async () => {
    const phone = await member();
    const other = await member();
    const { otpToken } = (await forgot(phone)).json();
    await expect.poll(() => server.sms.lastCodeFor(phone)).toBeDefined();
    const right = server.sms.lastCodeFor(phone)!;
    const wrong = right === '000000' ? '111111' : '000000';
    expect(message(await verify(otpToken, wrong))).toBe('OTP_CODE_INVALID');
    const unverified = await reset(phone, otpToken, 'brand-new-1');
    expect([unverified.statusCode, message(unverified)]).toEqual([400, 'PASSWORD_RESET_INVALID']);
    expect(message(await verify(otpToken, right))).toBe('OTP_CODE_VALID');
    // verified for one phone, it sets no other's password
    expect(message(await reset(other, otpToken, 'brand-new-1'))).toBe('PASSWORD_RESET_INVALID');
    const short = await reset(phone, otpToken, '12345');
    expect([short.statusCode, message(short)]).toEqual([400, 'INVALID_USER_INFO']);
    for (const p of [phone, other]) expect((await signIn(p, 'secret123')).statusCode).toBe(200);
    // the refusals did not use the code up
    expect(message(await reset(phone, otpToken, '123456'))).toBe('SUCCESS');
  });

  it('expires the code after 5 minutes and a verified code after 10', async () => {
    const phone = await member();
    const { otpToken } = (await forgot(phone)).json();
    await expect.poll(() => server.sms.lastCodeFor(phone)).toBeDefined();
    server.clock.now += 5 * 60_000 + 1;
    expect(message(await verify(otpToken, server.sms.lastCodeFor(phone)))).toBe('OTP_EXPIRED');
    const late = await verifiedToken(phone);
    server.clock.now += 10 * 60_000 + 1;
    expect(message(await reset(phone, late, 'brand-new-1'))).toBe('PASSWORD_RESET_INVALID');
    expect((await signIn(phone, 'secret123')).statusCode).toBe(200);
  });

  it('answers an unknown phone as a registered one, texts nothing, and its code never verifies', async () => {
    const unknown = nextPhone();
    const known = await member();
    const disabled = await member('disabled');
    const before = server.sms.sent.length;
    const answers = await Promise.all([unknown, known, disabled].map((p) => forgot(p)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of answers) expect(Object.keys(r.json()).sort()).toEqual(['code', 'otpRef', 'otpToken']);
    await expect.poll(() => server.sms.sent.length).toBe(before + 1);
    expect(server.sms.sent.map((s) => s.phone)).not.toContain(unknown);
    expect(server.sms.sent.map((s) => s.phone)).not.toContain(disabled);
    const token = answers[0]!.json().otpToken;
    expect(message(await verify(token, '123456'))).toBe('OTP_CODE_INVALID');
    expect(message(await reset(unknown, token, 'brand-new-1'))).toBe('PASSWORD_RESET_INVALID');
  });

  it('answers without waiting for the text: a slow SMS gateway does not tell a registered phone from an unknown one', async () => {
    const phone = await member();
    const sendOtp = server.sms.sendOtp.bind(server.sms);
    server.sms.sendOtp = () => new Promise(() => undefined); // a gateway that never answers
    try {
      const res = await forgot(phone);
      expect([res.statusCode, res.json().code]).toEqual([200, 'OTP_SENT']);
      server.sms.sendOtp = () => Promise.reject(new Error('gateway down'));
      expect((await forgot(phone)).statusCode).toBe(200);
    } finally {
      server.sms.sendOtp = sendOtp;
    }
  });

  it('is limited as registration is: texts per phone (registration and reset together) and per address', async () => {
    const phone = await member();
    const sends = [];
    for (let i = 0; i < 4; i++) sends.push((await forgot(phone)).statusCode);
    expect(sends).toEqual([200, 200, 200, 429]);
    expect(message(await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone }))).toBe('REQUEST_LIMIT_1MIN');
    server.clock.now += 61_000;
    expect((await forgot(phone)).statusCode).toBe(200);

    const fromOneAddress = [];
    for (let i = 0; i < 11; i++) fromOneAddress.push((await forgot(nextPhone(), '10.44.0.1')).statusCode);
    expect(fromOneAddress).toEqual([...Array(10).fill(200), 429]);
    expect((await forgot(nextPhone(), '10.44.0.2')).statusCode).toBe(200);
    // the counts are the database's, which every instance shares
    const counted = await server.ctx.database.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'otp:send:ip:10.44.0.1')
      .execute();
    expect(counted).toHaveLength(1);
  });

  it('limits new-password calls per phone (every call) and wrong ones per address', async () => {
    const phone = await member();
    const perPhone = [];
    for (let i = 0; i < 11; i++) perPhone.push((await reset(phone, `guess-${i}`, 'brand-new-1')).statusCode);
    expect(perPhone).toEqual([...Array(10).fill(400), 429]);
    server.clock.now += 61_000;
    const perAddress = [];
    for (let i = 0; i < 21; i++) {
      const res = await call(
        server.app,
        'POST',
        '/api/password/reset',
        { phoneNumber: nextPhone(), otpToken: 'x', newPassword: 'brand-new-1' },
        { address: '10.45.0.1' },
      );
      perAddress.push(res.statusCode);
    }
    expect(perAddress).toEqual([...Array(20).fill(400), 429]);
    expect((await signIn(phone, 'secret123')).statusCode).toBe(200);
  });

  it('answers bad input with 400 codes', async () => {
    expect(message(await forgot('081234'))).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(message(await call(server.app, 'POST', '/api/password/forgot', {}))).toBe('KEY_MISSING');
    expect(message(await call(server.app, 'POST', '/api/password/reset', { phoneNumber: '0812345678', otpToken: 'x' }))).toBe(
      'KEY_MISSING',
    );
    expect(message(await reset('0812345678', 'no-such-token', 'brand-new-1'))).toBe('PASSWORD_RESET_INVALID');
  });
});
