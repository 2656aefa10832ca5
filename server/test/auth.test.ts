import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT, join, listen, MEMBER_EVENTS } from './chat-helpers.js';
import { build, call, DEMO_MEMBER, login, message, type TestServer } from './helper.js';

describe('login, sessions and rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('signs in the demo member with a long random token', async () => {
    const token = await login(server.app);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const stored = await server.ctx.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token); // only the hash is kept
    const profile = await call(server.app, 'GET', '/api/account/profile', undefined, { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().profile.username).toBe(DEMO_MEMBER.phone);
  });

  it('gives WRONG_CREDENTIAL for a wrong password and for an unknown phone alike', async () => {
    const wrong = await call(server.app, 'POST', '/api/login', { username: DEMO_MEMBER.phone, password: 'nope-nope' });
    expect([wrong.statusCode, message(wrong)]).toEqual([401, 'WRONG_CREDENTIAL']);
    const unknown = await call(server.app, 'POST', '/api/login', { username: '0900000001', password: 'whatever1' });
    expect([unknown.statusCode, message(unknown)]).toEqual([401, 'WRONG_CREDENTIAL']);
  });

  it('answers missing and wrong-typed fields and broken JSON with 400 and a code', async () => {
    const missing = await call(server.app, 'POST', '/api/login', { username: DEMO_MEMBER.phone });
    expect([missing.statusCode, message(missing)]).toEqual([400, 'KEY_MISSING']);
    const typed = await call(server.app, 'POST', '/api/login', { username: 812345678, password: ['x'] });
    expect([typed.statusCode, message(typed)]).toEqual([400, 'KEY_INVALID']);
    const broken = await call(server.app, 'POST', '/api/login', undefined, { payload: '{"username":' });
    expect([broken.statusCode, message(broken)]).toEqual([400, 'KEY_INVALID']);
    const huge = await call(server.app, 'POST', '/api/login', { username: 'x'.repeat(5000), password: 'y' });
    expect(huge.statusCode).toBe(400);
  });

  it('refuses protected calls with a missing, malformed, unknown or revoked token (401 invalid-token)', async () => {
    for (const token of [undefined, 'short', 'x'.repeat(43)]) {
      const res = await call(server.app, 'GET', '/api/account/profile', undefined, { token });
      expect([res.statusCode, message(res)]).toEqual([401, 'invalid-token']);
    }
    const token = await login(server.app);
    const out = await call(server.app, 'POST', '/api/logout', undefined, { token });
    expect(out.statusCode).toBe(200);
    const after = await call(server.app, 'GET', '/api/account/profile', undefined, { token });
    expect([after.statusCode, after.json()]).toEqual([401, { message: 'invalid-token' }]);
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const start = server.clock.now;
    try {
      const idle = await login(server.app);
      server.clock.now += server.config.sessionIdleMinutes * 60_000 + 1;
      expect(message(await call(server.app, 'GET', '/api/account/profile', undefined, { token: idle }))).toBe('invalid-token');

      server.clock.now = start;
      const busy = await login(server.app);
      // used every day, it still ends at the absolute limit
      const day = 24 * 3_600_000;
      for (let t = start + day; t < start + server.config.sessionAbsoluteHours * 3_600_000; t += day) {
        server.clock.now = t;
        expect((await call(server.app, 'GET', '/api/account/profile', undefined, { token: busy })).statusCode).toBe(200);
      }
      server.clock.now = start + server.config.sessionAbsoluteHours * 3_600_000 + 1;
      expect(message(await call(server.app, 'GET', '/api/account/profile', undefined, { token: busy }))).toBe('invalid-token');
    } finally {
      server.clock.now = start + 3_600_000 * 24 * 400; // leave every rate-limit window behind
    }
  });

  const attempt = (password: string, address: string, device?: string) =>
    call(
      server.app,
      'POST',
      '/api/login',
      { username: DEMO_MEMBER.phone, password },
      {
        address,
        headers: device ? { 'x-device-id': device } : {},
      },
    );
  const outcome = (res: { statusCode: number; body: string }) => `${res.statusCode} ${JSON.parse(res.body).message ?? 'token'}`;

  it('makes one address wait after 5 wrong passwords for a phone, and lets it in again by itself', async () => {
    server.clock.now += 61_000;
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push(outcome(await attempt(`bad-${i}-pass`, '10.0.0.1')));
    expect(codes).toEqual([...Array(5).fill('401 WRONG_CREDENTIAL'), '429 REQUEST_LIMIT_1MIN']);
    // even the right password waits there, while another address is not held up by these five
    expect(outcome(await attempt(DEMO_MEMBER.password, '10.0.0.1'))).toBe('429 REQUEST_LIMIT_1MIN');
    expect(outcome(await attempt(DEMO_MEMBER.password, '10.0.0.2'))).toBe('200 token');
    server.clock.now += 61_000;
    expect(outcome(await attempt(DEMO_MEMBER.password, '10.0.0.1'))).toBe('200 token');
  });

  it('counts parallel wrong passwords from one address strictly', async () => {
    server.clock.now += 61_000;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`parallel-${i}`, '10.6.0.1')));
    const codes = results.map(outcome);
    expect(codes.filter((c) => c === '401 WRONG_CREDENTIAL')).toHaveLength(5);
    expect(codes.filter((c) => c === '429 REQUEST_LIMIT_1MIN')).toHaveLength(15);
    server.clock.now += 61_000;
  });

  it('does not let wrong passwords from many addresses lock the member out of a device they used before', async () => {
    server.clock.now += 61_000;
    const device = 'owner-device-0123456789abcdef';
    expect(outcome(await attempt(DEMO_MEMBER.password, '10.1.0.1', device))).toBe('200 token');
    for (let round = 0; round < 3; round++) {
      server.clock.now += 61_000;
      // a stranger guesses from 40 addresses, once each: guessing slows down after 10 wrong ones...
      const guesses: string[] = [];
      for (let i = 0; i < 40; i++)
        guesses.push(outcome(await attempt(`guess-${round}-${i}`, `10.2.${round}.${i}`, `stranger-${i}-0123456789`)));
      expect(guesses.slice(0, 10)).toEqual(Array(10).fill('401 WRONG_CREDENTIAL'));
      expect(new Set(guesses.slice(10))).toEqual(new Set(['429 REQUEST_LIMIT_1MIN']));
      // ...and a new device must wait, even with the right password...
      expect(outcome(await attempt(DEMO_MEMBER.password, '10.3.0.1', 'new-device-0123456789abc'))).toBe('429 REQUEST_LIMIT_1MIN');
      expect(outcome(await attempt(DEMO_MEMBER.password, '10.3.0.1'))).toBe('429 REQUEST_LIMIT_1MIN');
      // ...but the member's own device signs in, from any address, every time
      expect(outcome(await attempt(DEMO_MEMBER.password, `10.4.0.${round}`, device))).toBe('200 token');
    }
    // a trusted device id does not make guessing free: wrong passwords still count per address
    server.clock.now += 61_000;
    const withDevice: string[] = [];
    for (let i = 0; i < 6; i++) withDevice.push(outcome(await attempt(`bad-${i}`, '10.5.0.1', device)));
    expect(withDevice.at(-1)).toBe('429 REQUEST_LIMIT_1MIN');
    server.clock.now += 61_000;
  });

  it('refuses a disabled member with INACTIVE_USER and ends their sessions', async () => {
    server.clock.now += 61_000;
    const token = await login(server.app);
    const { runCommand } = await import('../src/operator/commands.js');
    const lines: string[] = [];
    await runCommand(server.ctx, ['member', 'disable', DEMO_MEMBER.phone], (l) => lines.push(l));
    expect(lines.join('\n')).toContain('disabled');
    // still 'invalid-token' (§4: the app goes to /login), saying why: the app tells the member staff disabled them
    const ended = await call(server.app, 'GET', '/api/account/profile', undefined, { token });
    expect([ended.statusCode, ended.json()]).toEqual([401, { message: 'invalid-token', detail: 'INACTIVE_USER' }]);
    // ...the chat's calls and both sockets say the same
    const chat = await call(server.app, 'POST', '/api/chat/history', { userId: '1', guestId: null }, { token });
    expect([chat.statusCode, chat.json()]).toEqual([401, { message: 'invalid-token', detail: 'INACTIVE_USER' }]);
    const url = await listen(server);
    const events = await join(url, { token }, MEMBER_EVENTS);
    const room = await join(url, { token }, CHAT);
    events.socket.disconnect();
    room.socket.disconnect();
    expect([events.answer, room.answer]).toEqual([
      { message: 'invalid-token', detail: 'INACTIVE_USER' },
      { message: 'invalid-token', detail: 'INACTIVE_USER' },
    ]);
    const res = await call(server.app, 'POST', '/api/login', { username: DEMO_MEMBER.phone, password: DEMO_MEMBER.password });
    expect([res.statusCode, message(res)]).toEqual([403, 'INACTIVE_USER']);
    await runCommand(server.ctx, ['member', 'enable', DEMO_MEMBER.phone], () => undefined);
    expect(await login(server.app)).toBeTruthy();
    // enabled again, the old session stays ended, now with no reason to give
    expect((await call(server.app, 'GET', '/api/account/profile', undefined, { token })).json()).toEqual({ message: 'invalid-token' });
  });
});
