import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, call, DEMO_MEMBER, login, message, registration, verifyPhone, type TestServer } from './helper.js';

describe('registration and account', () => {
  let server: TestServer;
  let seq = 0;
  const nextPhone = () => `06100000${String(++seq).padStart(2, '0')}`;
  const register = (body: unknown) => call(server.app, 'POST', '/api/account', body);
  const validate = (body: unknown) => call(server.app, 'POST', '/api/account/validate', body);
  const members = () => server.ctx.database.db.selectFrom('members').selectAll().execute();

  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());
  // each case starts in a fresh rate-limit window (registration allows 20 calls a minute per address)
  beforeEach(() => {
    server.clock.now += 61_000;
  });

  it('registers after a verified OTP, trims and upper-cases the account name, and the member can sign in', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    const res = await register(
      registration(phone, { otpToken, bankCode: 'KTB', bankAccountName: '  somsri   test ', name: '  Somsri Test ' }),
    );
    expect([res.statusCode, message(res)]).toEqual([201, 'SUCCESS']);
    const token = await login(server.app, phone, 'secret123');
    const profile = (await call(server.app, 'GET', '/api/account/profile', undefined, { token })).json();
    expect(profile.profile).toMatchObject({ name: 'Somsri Test', username: phone, coin: 0, currency: 'BAHT' });
    expect(profile.bankAccount).toEqual({
      bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' },
      bankCode: 'KTB',
      bankAccountName: 'SOMSRI TEST',
      bankAccountNo: `9${phone.slice(1)}`,
    });
    // the verified OTP was used up: the same phone cannot register twice on it
    expect(message(await register(registration(phone)))).toBe('EXISTING_USER');
  });

  it('requires a verified OTP while registerOTP is on, and not when the operator turns it off', async () => {
    const phone = nextPhone();
    const before = (await members()).length;
    const res = await register(registration(phone));
    expect([res.statusCode, message(res)]).toEqual([400, 'UNVERIFIED_OTP']);
    expect((await members()).length).toBe(before);

    const { runCommand } = await import('../src/operator/commands.js');
    await runCommand(server.ctx, ['settings', 'set', 'registerOTP', 'false'], () => undefined);
    await server.ctx.settings.refresh();
    try {
      expect((await call(server.app, 'GET', '/api/lookup/registerOTP')).json()).toEqual({ registerOTP: false });
      expect((await register(registration(phone))).statusCode).toBe(201);
    } finally {
      await runCommand(server.ctx, ['settings', 'set', 'registerOTP', 'true'], () => undefined);
      await server.ctx.settings.refresh();
    }
  });

  it('lets only the holder of the verified otpToken register the phone, once', async () => {
    const phone = nextPhone();
    const ownerToken = await verifyPhone(server, phone);
    const before = await members();
    // a stranger who knows the phone asks for an OTP: a fresh code goes to the phone, never the owner's token
    const sent = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone });
    expect(sent.json()).toMatchObject({ code: 'OTP_SENT' });
    expect(sent.json().otpToken).not.toBe(ownerToken);
    const strangerToken = sent.json().otpToken as string;
    const attempts = [
      await register(registration(phone, { bankAccountNo: '5550001111' })),
      await register(registration(phone, { otpToken: strangerToken, bankAccountNo: '5550001111' })),
      await register(registration(phone, { otpToken: 'made-up', bankAccountNo: '5550001111' })),
      await validate({ ...registration(phone), bankCode: '', bankAccountName: '', bankAccountNo: '' }),
      await validate({ ...registration(phone, { otpToken: strangerToken }), bankCode: '', bankAccountName: '', bankAccountNo: '' }),
    ];
    expect(attempts.map((r) => [r.statusCode, message(r)])).toEqual(Array(5).fill([400, 'UNVERIFIED_OTP']));
    // another phone's verified token does not open this one
    const elsewhere = nextPhone();
    const elsewhereToken = await verifyPhone(server, elsewhere);
    expect(message(await register(registration(phone, { otpToken: elsewhereToken })))).toBe('UNVERIFIED_OTP');
    expect(await members()).toEqual(before);

    // the owner, showing the token, is told it is verified (going back a step) and registers with it
    const again = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: phone, otpToken: ownerToken });
    expect(again.json()).toMatchObject({ code: 'OTP_VERIFIED', otpToken: ownerToken });
    server.clock.now += 61_000;
    expect((await register(registration(phone, { otpToken: ownerToken }))).statusCode).toBe(201);
    // used up: it registers nothing else
    const reuse = await register(registration(elsewhere, { otpToken: ownerToken, bankAccountNo: '5550002222' }));
    expect([reuse.statusCode, message(reuse)]).toEqual([400, 'UNVERIFIED_OTP']);
    const replay = await call(server.app, 'POST', '/api/otp/send', { phoneNumber: elsewhere, otpToken: ownerToken });
    expect(replay.json().code).toBe('OTP_SENT');
  });

  it('strips control and bidi-override characters from names, and the operator list prints names safely', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    // (a NUL is refused before this, 400 KEY_INVALID: nul.test.ts)
    const hostile = ' \u0001Som\u001b[2J\u001b]0;pwned\u0007sri\u202E tset\u2066\u007f\u009b ';
    expect((await register(registration(phone, { otpToken, name: hostile }))).statusCode).toBe(201);
    const token = await login(server.app, phone, 'secret123');
    const profile = async () => (await call(server.app, 'GET', '/api/account/profile', undefined, { token })).json().profile.name;
    expect(await profile()).toBe('Som[2J]0;pwnedsri tset');
    const mine = { bankCode: 'KBANK', bankAccountName: 'สมศรี ทดสอบ', bankAccountNo: `9${phone.slice(1)}` };
    const put = await call(server.app, 'PUT', '/api/account/profile', { ...mine, name: '\u202Dสมศรี\u0008 ใหม่\r\n' }, { token });
    expect(put.statusCode).toBe(200);
    expect(await profile()).toBe('สมศรี ใหม่');
    // nothing but control characters is no name at all
    const empty = await call(server.app, 'PUT', '/api/account/profile', { ...mine, name: '\u0001\u202E\u001b' }, { token });
    expect([empty.statusCode, message(empty)]).toEqual([400, 'INVALID_USER_INFO']);

    // a name stored before this rule (written straight into the table) still prints as text, not as escapes
    await server.ctx.database.db.updateTable('members').set({ name: 'Evil\u001b[31m\u202Eman' }).where('phone', '=', phone).execute();
    const { runCommand } = await import('../src/operator/commands.js');
    const lines: string[] = [];
    await runCommand(server.ctx, ['members', 'list'], (l) => lines.push(l));
    const line = lines.find((l) => l.includes(phone))!;
    expect(line).toContain('Evil\\u{1b}[31m\\u{202e}man');
    // the columns are tab-separated; apart from that no control character, no bidi control
    expect(/[\p{Cc}\u202a-\u202e]/u.test(lines.join('').replaceAll('\t', ''))).toBe(false);
  });

  it('enforces every §5 rule with its code and changes nothing', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    const before = await members();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: '081234567' }, 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      [{ username: '08123456789' }, 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT'],
      [{ username: DEMO_MEMBER.phone }, 409, 'EXISTING_USER'],
      [{ bankCode: DEMO_MEMBER.bankCode, bankAccountNo: DEMO_MEMBER.bankAccountNo }, 409, 'EXISTING_BANK'],
      [{ bankCode: 'KTB', bankAccountName: 'สมศรี ทดสอบ' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
      [{ bankCode: 'TMB', bankAccountName: 'SOMSRI T3ST' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
      [{ bankCode: 'BBL', bankAccountName: 'Somsri-Test' }, 400, 'BANK_ACCOUNT_NAME_ENG'],
      [{ bankCode: 'NOPE' }, 400, 'INVALID_BANK'],
      [{ bankAccountNo: '12ab' }, 400, 'INVALID_USER_INFO'],
      [{ password: '123' }, 400, 'INVALID_USER_INFO'],
      [{ name: '   ' }, 400, 'INVALID_USER_INFO'],
      // nothing to read: a zero-width space and an ideographic one; half a character (a lone surrogate)
      [{ name: '\u200b\u3000' }, 400, 'INVALID_USER_INFO'],
      [{ name: 'Somsri \ud800' }, 400, 'INVALID_USER_INFO'],
      [{ bankAccountName: '   ' }, 400, 'INVALID_USER_INFO'],
      [{ sourceCode: 'NOPE' }, 400, 'INVALID_USER_INFO'],
      [{ inviteCode: 'PR999999' }, 400, 'INVALID_INVITE_CODE'],
      [{ inviteCode: 'hello' }, 400, 'INVALID_INVITE_CODE'],
      [{ currency: 'USD' }, 400, 'KEY_INVALID'],
      [{ bankCode: undefined }, 400, 'KEY_MISSING'],
      [{ password: 123456 }, 400, 'KEY_INVALID'],
    ];
    for (const [override, status, code] of cases) {
      server.clock.now += 61_000; // each in a fresh rate-limit window: this checks rules, not limits
      const res = await register(registration(phone, { otpToken, ...override }));
      expect([res.statusCode, message(res)], JSON.stringify(override)).toEqual([status, code]);
    }
    expect(await members()).toEqual(before);
  });

  it('limits registration attempts for one phone with REQUEST_LIMIT_1MIN', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    const partial = { ...registration(phone, { otpToken }), bankCode: '', bankAccountName: '', bankAccountNo: '' };
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push(message(await validate(partial)));
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('OK'));
    expect(codes[10]).toBe('REQUEST_LIMIT_1MIN');
  });

  it('records the inviter from a PR code', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    const demo = (await members()).find((m) => m.phone === DEMO_MEMBER.phone)!;
    expect((await register(registration(phone, { otpToken, inviteCode: `pr${demo.id}` }))).statusCode).toBe(201);
    expect((await members()).find((m) => m.phone === phone)?.inviter_id).toBe(demo.id);
  });

  it('validates the profile step without bank details, and the bank details when given', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    const partial = { ...registration(phone, { otpToken }), bankCode: '', bankAccountName: '', bankAccountNo: '' };
    expect((await validate(partial)).json()).toEqual({ message: 'OK' });
    expect(message(await validate({ ...partial, username: DEMO_MEMBER.phone }))).toBe('EXISTING_USER');
    expect(message(await validate({ ...partial, password: 'abc' }))).toBe('INVALID_USER_INFO');
    expect(message(await validate({ ...partial, bankCode: 'KTB', bankAccountName: 'ไทย', bankAccountNo: '1234567890' }))).toBe(
      'BANK_ACCOUNT_NAME_ENG',
    );
    expect((await members()).some((m) => m.phone === phone)).toBe(false);
  });

  it('lets a member fix the bank account name only for KTB, TMB and BBL, in English', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    await register(registration(phone, { otpToken, bankCode: 'BBL', bankAccountName: 'OLD NAME' }));
    const token = await login(server.app, phone, 'secret123');
    const put = (body: unknown) => call(server.app, 'PUT', '/api/account/bankAccountName', body, { token });
    expect(message(await put({ bankCode: 'BBL', bankAccountName: 'ชื่อไทย' }))).toBe('BANK_ACCOUNT_NAME_ENG');
    expect(message(await put({ bankCode: 'BBL', bankAccountName: '  ' }))).toBe('BANK_ACCOUNT_NAME_ENG');
    expect(message(await put({ bankCode: 'KTB', bankAccountName: 'NEW NAME' }))).toBe('INVALID_BANK');
    expect((await put({ bankCode: 'BBL', bankAccountName: ' new  name ' })).statusCode).toBe(200);
    const profile = (await call(server.app, 'GET', '/api/account/profile', undefined, { token })).json();
    expect(profile.bankAccount.bankAccountName).toBe('NEW NAME');
    expect((await call(server.app, 'PUT', '/api/account/bankAccountName', { bankCode: 'BBL', bankAccountName: 'X' })).statusCode).toBe(401);

    // a bank that takes Thai names (KBank): this edit is not offered there (§2), and changes nothing
    const kbank = nextPhone();
    await register(registration(kbank, { otpToken: await verifyPhone(server, kbank), bankCode: 'KBANK', bankAccountName: 'สมศรี ทดสอบ' }));
    const other = await login(server.app, kbank, 'secret123');
    for (const bankAccountName of ['สมชาย', 'NEW NAME']) {
      const refused = await call(
        server.app,
        'PUT',
        '/api/account/bankAccountName',
        { bankCode: 'KBANK', bankAccountName },
        { token: other },
      );
      expect([refused.statusCode, message(refused)]).toEqual([400, 'INVALID_BANK']);
    }
    const kept = (await call(server.app, 'GET', '/api/account/profile', undefined, { token: other })).json();
    expect(kept.bankAccount.bankAccountName).toBe('สมศรี ทดสอบ');
  });

  it('updates the profile with the same rules, and never another member', async () => {
    const token = await login(server.app);
    const put = (body: unknown) => call(server.app, 'PUT', '/api/account/profile', body, { token });
    const others = (await members()).filter((m) => m.phone !== DEMO_MEMBER.phone);
    const taken = others[0]!;
    expect(message(await put({ name: 'X', bankCode: taken.bank_code, bankAccountName: 'X', bankAccountNo: taken.bank_account_no }))).toBe(
      'EXISTING_BANK',
    );
    const res = await put({
      name: 'Somchai J',
      bankCode: 'SCB',
      bankAccountName: 'somchai j',
      bankAccountNo: '5556667777',
      password: DEMO_MEMBER.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().bankAccount).toMatchObject({ bankCode: 'SCB', bankAccountName: 'SOMCHAI J', bankAccountNo: '5556667777' });
    expect((await members()).filter((m) => m.phone !== DEMO_MEMBER.phone)).toEqual(others);
    expect(message(await put({ name: 'Somchai J' }))).toBe('KEY_MISSING');
  });

  it('asks for the password before the payout bank account changes, and changes nothing without it', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    await register(registration(phone, { otpToken }));
    const token = await login(server.app, phone, 'secret123');
    const put = (body: Record<string, unknown>) => call(server.app, 'PUT', '/api/account/profile', body, { token });
    const mine = { name: 'Somsri Test', bankCode: 'KBANK', bankAccountName: 'สมศรี ทดสอบ', bankAccountNo: `9${phone.slice(1)}` };
    const thief = { ...mine, bankCode: 'SCB', bankAccountName: 'THIEF', bankAccountNo: '6660001111' };
    const before = await members();
    const refused = [await put(thief), await put({ ...thief, password: 'not-mine' }), await put({ ...mine, bankAccountNo: '6660001111' })];
    expect(refused.map((r) => [r.statusCode, message(r)])).toEqual([
      [400, 'KEY_MISSING'],
      [400, 'WRONG_PASSWORD'],
      [400, 'KEY_MISSING'],
    ]);
    expect(await members()).toEqual(before);
    // the name alone changes with the token, as before
    expect((await put({ ...mine, name: 'Somsri New' })).json().profile.name).toBe('Somsri New');
    const moved = await put({ ...thief, name: 'Somsri New', password: 'secret123' });
    expect([moved.statusCode, moved.json().bankAccount?.bankAccountNo]).toEqual([200, '6660001111']);
    // guesses are limited like sign-in
    const guesses = [];
    for (let i = 0; i < 6; i++) guesses.push(message(await put({ ...mine, password: `guess-${i}` })));
    expect(guesses.at(-1)).toBe('REQUEST_LIMIT_1MIN');
  });

  it('limits wrong old passwords like sign-in, per member, and changes nothing', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    await register(registration(phone, { otpToken }));
    const token = await login(server.app, phone, 'secret123');
    const change = (oldPassword: string) =>
      call(server.app, 'PUT', '/api/account/changepwd', { oldPassword, newPassword: 'newsecret1' }, { token });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => change(`guess-${i}`)));
    const codes = results.map((r) => `${r.statusCode} ${message(r)}`);
    expect(codes.filter((c) => c !== '400 WRONG_PASSWORD' && c !== '429 REQUEST_LIMIT_1MIN')).toEqual([]);
    expect(codes.filter((c) => c === '400 WRONG_PASSWORD')).toHaveLength(5);
    expect(codes.filter((c) => c === '429 REQUEST_LIMIT_1MIN')).toHaveLength(55);
    // the right one waits too until the minute is over, then works
    expect(message(await change('secret123'))).toBe('REQUEST_LIMIT_1MIN');
    expect(await login(server.app, phone, 'secret123')).toBeTruthy();
    server.clock.now += 61_000;
    expect((await change('secret123')).statusCode).toBe(200);
  });

  it('changes the password: checks the old one, keeps this session, ends the others', async () => {
    const phone = nextPhone();
    const otpToken = await verifyPhone(server, phone);
    await register(registration(phone, { otpToken }));
    const here = await login(server.app, phone, 'secret123');
    const elsewhere = await login(server.app, phone, 'secret123');
    const change = (body: unknown, token = here) => call(server.app, 'PUT', '/api/account/changepwd', body, { token });
    expect(message(await change({ oldPassword: 'wrong-one', newPassword: 'newsecret1' }))).toBe('WRONG_PASSWORD');
    expect(message(await change({ oldPassword: 'secret123', newPassword: 'abc' }))).toBe('INVALID_USER_INFO');
    expect(message(await change({ oldPassword: 'secret123' }))).toBe('KEY_MISSING');
    expect((await change({ oldPassword: 'secret123', newPassword: 'newsecret1' })).statusCode).toBe(200);
    expect((await call(server.app, 'GET', '/api/account/profile', undefined, { token: here })).statusCode).toBe(200);
    expect(message(await call(server.app, 'GET', '/api/account/profile', undefined, { token: elsewhere }))).toBe('invalid-token');
    expect(message(await call(server.app, 'POST', '/api/login', { username: phone, password: 'secret123' }))).toBe('WRONG_CREDENTIAL');
    expect(await login(server.app, phone, 'newsecret1')).toBeTruthy();
  });

  it('never answers a 5xx to hostile input', async () => {
    const token = await login(server.app);
    const bodies = [null, [], 'text', 42, { name: { $ne: 1 } }, { username: '0'.repeat(40) }, { bankAccountNo: '1'.repeat(33) }];
    for (const body of bodies) {
      for (const [method, url] of [
        ['POST', '/api/account'],
        ['POST', '/api/account/validate'],
        ['PUT', '/api/account/profile'],
        ['PUT', '/api/account/changepwd'],
        ['POST', '/api/otp/verify'],
      ] as const) {
        const res = await call(server.app, method, url, body, { token });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });
});

describe('the Lao build', () => {
  it('has no 10-digit rule and keeps the chosen currency', async () => {
    const server = await build({ variant: 'la' });
    try {
      const phone = '02055512345'; // 11 digits, a Lao mobile
      const otpToken = await verifyPhone(server, phone);
      const res = await call(server.app, 'POST', '/api/account', registration(phone, { otpToken, bankCode: 'BCEL', currency: 'BAHT' }));
      expect(res.statusCode).toBe(201);
      const token = await login(server.app, phone, 'secret123');
      expect((await call(server.app, 'GET', '/api/account/profile', undefined, { token })).json().profile.currency).toBe('BAHT');
      const other = '02055512346';
      const otherToken = await verifyPhone(server, other);
      await call(server.app, 'POST', '/api/account', registration(other, { otpToken: otherToken, bankCode: 'BCEL' }));
      const token2 = await login(server.app, other, 'secret123');
      expect((await call(server.app, 'GET', '/api/account/profile', undefined, { token: token2 })).json().profile.currency).toBe('LAK');
    } finally {
      await server.close();
    }
  });
});
