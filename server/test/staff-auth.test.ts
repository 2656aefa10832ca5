import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { build, call, login, message, type TestServer } from './helper.js';
import { addStaff, authenticator, codeAt, newBrowser, operator, signedIn, staffCall, STRONG_PASSWORD } from './staff-helpers.js';

describe('staff sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('signs a finance clerk in: one-time password, own password, TOTP enrolment from the QR, then password and code', async () => {
    const oneTime = await addStaff(server, 'somchai', 'finance');
    const browser = newBrowser();
    const first = await staffCall(server, browser, 'POST', '/auth/sign-in', { username: 'somchai', password: oneTime });
    expect([first.statusCode, first.json()]).toEqual([200, { next: 'set-password' }]);
    const challenge = first.cookies.find((c) => c.name === 'staff_challenge')!;
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/staff' });

    const enrol = await staffCall(server, browser, 'POST', '/auth/password', { newPassword: STRONG_PASSWORD });
    const step = enrol.json() as { next: string; otpauthUri: string; qrDataUrl: string };
    expect(step.next).toBe('enrol-totp');
    expect(step.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*somchai.*secret=/);
    expect(step.otpauthUri).toMatch(/digits=6/);
    // the authenticator app names the entry by the site (the info setting's name)
    const { name } = server.ctx.settings.get('info');
    expect(new URL(step.otpauthUri).searchParams.get('issuer')).toBe(`${name} staff`);
    expect(step.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const totp = authenticator(step.otpauthUri);

    const done = await staffCall(server, browser, 'POST', '/auth/totp', { code: codeAt(totp, server) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ next: 'done', staff: { username: 'somchai', role: 'finance', csrfToken: expect.any(String) } });
    const session = done.cookies.find((c) => c.name === 'staff_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/staff' });
    expect(session.secure).toBeFalsy(); // plain http in the test; over https it is Secure (below)
    const me = await staffCall(server, browser, 'GET', '/me');
    expect(me.json()).toEqual({ username: 'somchai', role: 'finance', csrfToken: browser.csrf });
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['x-content-type-options']).toBe('nosniff');

    // the next sign-in: the own password, then a code of the next step
    server.clock.now += 30_000;
    const again = newBrowser();
    const second = await staffCall(server, again, 'POST', '/auth/sign-in', { username: 'somchai', password: STRONG_PASSWORD });
    expect(second.json()).toEqual({ next: 'totp' });
    // a code of none of the steps the window accepts (the step before, this one, the next)
    const window = [-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: server.clock.now + d }));
    const wrongCode = ['000000', '111111', '222222', '333333'].find((c) => !window.includes(c))!;
    const wrong = await staffCall(server, again, 'POST', '/auth/totp', { code: wrongCode });
    expect([wrong.statusCode, message(wrong)]).toEqual([401, 'TOTP_INVALID']);
    const code = codeAt(totp, server);
    expect((await staffCall(server, again, 'POST', '/auth/totp', { code })).json()).toMatchObject({ next: 'done' });
    // the same code a second time (another sign-in within its 30 s): refused
    const third = newBrowser();
    await staffCall(server, third, 'POST', '/auth/sign-in', { username: 'somchai', password: STRONG_PASSWORD });
    const reused = await staffCall(server, third, 'POST', '/auth/totp', { code });
    expect([reused.statusCode, message(reused)]).toEqual([401, 'TOTP_INVALID']);
    expect((await staffCall(server, third, 'GET', '/me')).statusCode).toBe(401);
  });

  it('keeps the one-time password until a strong one of the staff member replaces it', async () => {
    const oneTime = await addStaff(server, 'weakling', 'agent');
    const browser = newBrowser();
    await staffCall(server, browser, 'POST', '/auth/sign-in', { username: 'weakling', password: oneTime });
    // no step may be skipped: the code step is not open, nor any staff call
    const skip = await staffCall(server, browser, 'POST', '/auth/totp', { code: '123456' });
    expect([skip.statusCode, message(skip)]).toEqual([401, 'STAFF_CHALLENGE_EXPIRED']);
    expect(message(await staffCall(server, browser, 'GET', '/me'))).toBe('STAFF_UNAUTHORIZED');
    const refused = [
      'short-pass',
      oneTime.slice(0, 16),
      'WEAKLING-is-my-name',
      ' '.repeat(12),
      'abcabcabcabcabc',
      `${oneTime}abc`,
      `my ${oneTime.toLowerCase()}`,
    ];
    for (const newPassword of refused) {
      const res = await staffCall(server, browser, 'POST', '/auth/password', { newPassword });
      expect([res.statusCode, message(res)]).toEqual([400, 'PASSWORD_WEAK']);
    }
    // nothing changed: the one-time password still signs in, and still asks for a new one
    const again = newBrowser();
    expect((await staffCall(server, again, 'POST', '/auth/sign-in', { username: 'weakling', password: oneTime })).json()).toEqual({
      next: 'set-password',
    });
    // an agent enrols TOTP too (issue 36: agents read every member's bank account and chats)
    const done = await staffCall(server, again, 'POST', '/auth/password', { newPassword: STRONG_PASSWORD });
    expect(done.json()).toMatchObject({ next: 'enrol-totp', otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    const old = await staffCall(server, newBrowser(), 'POST', '/auth/sign-in', { username: 'weakling', password: oneTime });
    expect([old.statusCode, message(old)]).toEqual([401, 'STAFF_SIGNIN_FAIL']);
  });

  it('asks an admin to enrol TOTP, with no way around it, and ends a sign-in left for 10 minutes', async () => {
    const oneTime = await addStaff(server, 'boss', 'admin');
    const browser = newBrowser();
    await staffCall(server, browser, 'POST', '/auth/sign-in', { username: 'boss', password: oneTime });
    const step = (await staffCall(server, browser, 'POST', '/auth/password', { newPassword: STRONG_PASSWORD })).json() as { next: string };
    expect(step.next).toBe('enrol-totp');
    expect(message(await staffCall(server, browser, 'GET', '/me'))).toBe('STAFF_UNAUTHORIZED');
    // the password is the boss's now; the next sign-in asks for the enrolment again, which expires
    const later = newBrowser();
    const next = (await staffCall(server, later, 'POST', '/auth/sign-in', { username: 'boss', password: STRONG_PASSWORD })).json() as {
      next: string;
      otpauthUri: string;
    };
    expect(next.next).toBe('enrol-totp');
    server.clock.now += 10 * 60_000 + 1;
    const late = await staffCall(server, later, 'POST', '/auth/totp', { code: codeAt(authenticator(next.otpauthUri), server) });
    expect([late.statusCode, message(late)]).toEqual([401, 'STAFF_CHALLENGE_EXPIRED']);
  });

  it('refuses an unknown name and a wrong password alike, then throttles the name from that address', async () => {
    await addStaff(server, 'target', 'finance');
    const unknown = await staffCall(server, newBrowser('10.1.0.1'), 'POST', '/auth/sign-in', { username: 'nobody', password: 'x' });
    expect([unknown.statusCode, message(unknown)]).toEqual([401, 'STAFF_SIGNIN_FAIL']);
    const codes: string[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        message(await staffCall(server, newBrowser('10.1.0.2'), 'POST', '/auth/sign-in', { username: 'target', password: `guess-${i}` }))!,
      );
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('STAFF_SIGNIN_FAIL'));
    expect(codes.at(-1)).toBe('REQUEST_LIMIT_1MIN');
  });

  it('ends a session idle for 30 minutes by the clock, at sign-out, and when the staff member is disabled', async () => {
    const { browser } = await signedIn(server, 'idler', 'agent');
    server.clock.now += 29 * 60_000;
    expect((await staffCall(server, browser, 'GET', '/me')).statusCode).toBe(200);
    server.clock.now += 30 * 60_000;
    const idle = await staffCall(server, browser, 'GET', '/me');
    expect([idle.statusCode, message(idle)]).toEqual([401, 'STAFF_UNAUTHORIZED']);

    const out = await signedIn(server, 'leaver', 'agent');
    expect((await staffCall(server, out.browser, 'POST', '/auth/sign-out')).statusCode).toBe(200);
    expect(message(await staffCall(server, out.browser, 'GET', '/me'))).toBe('STAFF_UNAUTHORIZED');

    const { browser: fired } = await signedIn(server, 'fired', 'agent');
    await operator(server, 'staff', 'disable', 'fired');
    expect(message(await staffCall(server, fired, 'GET', '/me'))).toBe('STAFF_UNAUTHORIZED');
    const back = await staffCall(server, newBrowser(), 'POST', '/auth/sign-in', { username: 'fired', password: STRONG_PASSWORD });
    expect(message(back)).toBe('STAFF_SIGNIN_FAIL');
  });

  it('ends an agent session made before every role needed TOTP: the next sign-in asks to enrol', async () => {
    const { browser } = await signedIn(server, 'old.agent', 'agent');
    expect((await staffCall(server, browser, 'GET', '/me')).statusCode).toBe(200);
    // as a session of a release where agents signed in with a password alone left it: no TOTP enrolled
    await server.ctx.database.db
      .updateTable('staff')
      .set({ totp_secret: null, totp_enrolled_at: null })
      .where('username', '=', 'old.agent')
      .execute();
    const ended = await staffCall(server, browser, 'GET', '/me');
    expect([ended.statusCode, message(ended)]).toEqual([401, 'STAFF_UNAUTHORIZED']);
    const again = await staffCall(server, newBrowser(), 'POST', '/auth/sign-in', { username: 'old.agent', password: STRONG_PASSWORD });
    expect((again.json() as { next: string }).next).toBe('enrol-totp');
  });

  it("does not count the console's background refreshes as use, and ends any session 12 hours after the sign-in", async () => {
    const background = { 'x-staff-background': '1' };
    const { browser: left } = await signedIn(server, 'wanderer', 'agent');
    // an open console refreshing by itself every 30 s while nobody is there still ends after 30 minutes
    // (signedIn waited 30 s after the sign-in)
    for (let minute = 1; minute < 30; minute += 0.5) {
      server.clock.now += 30_000;
      expect((await staffCall(server, left, 'GET', '/me', undefined, background)).statusCode).toBe(200);
    }
    server.clock.now += 30_000;
    const ended = await staffCall(server, left, 'GET', '/me', undefined, background);
    expect([ended.statusCode, message(ended)]).toEqual([401, 'STAFF_UNAUTHORIZED']);

    const { browser: busy } = await signedIn(server, 'workhorse', 'agent');
    for (let i = 1; i < 36; i++) {
      server.clock.now += 20 * 60_000;
      expect((await staffCall(server, busy, 'GET', '/me')).statusCode).toBe(200);
    }
    server.clock.now += 20 * 60_000; // 12 hours and the 30 s signedIn waited
    const old = await staffCall(server, busy, 'GET', '/me');
    expect([old.statusCode, message(old)]).toEqual([401, 'STAFF_UNAUTHORIZED']);
  });

  it('keeps the member API and the staff API apart', async () => {
    const token = await login(server.app);
    const { browser } = await signedIn(server, 'apart', 'admin');
    const asMember = await server.app.inject({ method: 'GET', url: '/api/staff/me', headers: { authorization: `Bearer ${token}` } });
    expect([asMember.statusCode, message(asMember)]).toEqual([401, 'STAFF_UNAUTHORIZED']);
    const asStaff = await call(server.app, 'GET', '/api/wallet/', undefined, {
      headers: { cookie: `staff_session=${browser.cookies.staff_session}` },
    });
    expect(asStaff.statusCode).toBe(401);
    expect((await staffCall(server, browser, 'GET', '/me')).statusCode).toBe(200);
  });
});

describe('staff sign-in limits behind the proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(() => server.close());

  it("holds a name guessed at from many addresses for new devices only, never its owner's, and apart from member logins", async () => {
    const { browser, totp } = await signedIn(server, 'besieged', 'agent');
    const device = browser.cookies.staff_device!;
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // every guess from its own address, as the proxy saw it
    const signInFrom = (address: string, password: string, cookies: Record<string, string> = {}) =>
      staffCall(
        server,
        { cookies: { ...cookies } },
        'POST',
        '/auth/sign-in',
        { username: 'besieged', password },
        { 'x-forwarded-for': address },
      );
    // the member sign-in with the staff name counts against that phone, not the staff member
    for (let i = 1; i <= 11; i++)
      await call(
        server.app,
        'POST',
        '/api/login',
        { username: 'staff:besieged', password: `guess-${i}` },
        { headers: { 'x-forwarded-for': `10.3.0.${i}` } },
      );
    expect((await signInFrom('10.3.1.1', STRONG_PASSWORD)).statusCode).toBe(200);
    // 11 wrong passwords from 11 addresses: the name waits, except on the device its owner signed in on
    for (let i = 1; i <= 11; i++) await signInFrom(`10.2.0.${i}`, `guess-${i}`);
    const owner = await signInFrom('10.2.1.1', STRONG_PASSWORD, { staff_device: device });
    // the password is taken on the owner's device: the code is asked next (every role has TOTP)
    expect([owner.statusCode, owner.json()]).toEqual([200, expect.objectContaining({ next: 'totp' })]);
    const stranger = await signInFrom('10.2.1.2', STRONG_PASSWORD);
    expect([stranger.statusCode, message(stranger)]).toEqual([429, 'REQUEST_LIMIT_1MIN']);
    const challenge = Object.fromEntries(owner.cookies.map((c) => [c.name, c.value]));
    const done = await staffCall(
      server,
      { cookies: { staff_device: device, ...challenge } },
      'POST',
      '/auth/totp',
      { code: codeAt(totp, server) },
      { 'x-forwarded-for': '10.2.1.1' },
    );
    expect([done.statusCode, done.json()]).toEqual([200, expect.objectContaining({ next: 'done' })]);
    // the device cookie: HttpOnly, SameSite=Strict, only for the sign-in's calls, for a year
    expect(done.cookies.find((c) => c.name === 'staff_device')).toMatchObject({
      value: device,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/staff/auth',
      maxAge: 365 * 24 * 3600,
    });
  });
});

describe('staff cookies behind a TLS proxy', () => {
  it('are Secure when the trusted proxy says https', async () => {
    const server = await build({ trustProxy: 1 });
    try {
      const oneTime = await addStaff(server, 'secure', 'agent');
      const res = await staffCall(
        server,
        newBrowser(),
        'POST',
        '/auth/sign-in',
        { username: 'secure', password: oneTime },
        {
          'x-forwarded-proto': 'https',
        },
      );
      expect(res.cookies.find((c) => c.name === 'staff_challenge')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await server.close();
    }
  });

  it('are Secure in production even when the request came over plain HTTP (no proxy, or one that does not say)', async () => {
    const server = await build({ production: true });
    try {
      const oneTime = await addStaff(server, 'plainhttp', 'agent');
      const res = await staffCall(server, newBrowser(), 'POST', '/auth/sign-in', { username: 'plainhttp', password: oneTime });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'staff_challenge')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await server.close();
    }
  });
});
