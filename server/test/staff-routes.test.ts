import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contract/staff.js';
import { build, call, DEMO_MEMBER, login, message, type TestServer } from './helper.js';
import { newBrowser, operator, signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';
import { guestId, send, textPackage } from './chat-helpers.js';

/**
 * Every staff call and the roles that may make it. A route added to /api/staff and not listed here fails
 * the first test (the table is checked against Fastify's routes), and a listed one without its check the others.
 */
const ROUTES: { method: 'GET' | 'POST' | 'PUT'; url: string; roles: StaffRole[]; body?: unknown }[] = [
  { method: 'GET', url: '/me', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/dashboard', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/banks', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/go-live', roles: ['admin'] },
  { method: 'POST', url: '/go-live/test-sms', roles: ['admin'], body: { phone: '0891234567' } },
  { method: 'POST', url: '/go-live/test-slip', roles: ['admin'] },
  { method: 'POST', url: '/go-live/test-qr', roles: ['admin'], body: {} },
  { method: 'GET', url: '/audit', roles: ['admin'] },
  { method: 'POST', url: '/auth/sign-out', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/slips', roles: ['finance', 'admin'] },
  { method: 'GET', url: '/slips/:id/image', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/slips/:id/approve', roles: ['finance', 'admin'], body: {} },
  { method: 'POST', url: '/slips/:id/reject', roles: ['finance', 'admin'], body: { reason: 'SLIP_INVALID' } },
  { method: 'GET', url: '/withdrawals', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/withdrawals/:id/pay', roles: ['finance', 'admin'], body: { reference: 'REF123' } },
  { method: 'POST', url: '/withdrawals/:id/reject', roles: ['finance', 'admin'], body: { reason: 'wrong account' } },
  { method: 'GET', url: '/deposit-requests', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/deposit-requests/:id/confirm', roles: ['finance', 'admin'], body: {} },
  { method: 'POST', url: '/deposit-requests/:id/reject', roles: ['finance', 'admin'], body: { reason: 'never arrived' } },
  { method: 'GET', url: '/members', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/members/waiting-ends', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/members/:id', roles: ['agent', 'finance', 'admin'] },
  { method: 'POST', url: '/members/:id/disable', roles: ['finance', 'admin'], body: { reason: 'fraud check' } },
  { method: 'POST', url: '/members/:id/enable', roles: ['finance', 'admin'], body: { reason: 'cleared' } },
  { method: 'POST', url: '/members/:id/sessions/:sessionId/revoke', roles: ['finance', 'admin'], body: {} },
  { method: 'POST', url: '/members/:id/sessions/revoke-all', roles: ['finance', 'admin'], body: {} },
  { method: 'POST', url: '/members/:id/bonus/end', roles: ['finance', 'admin'], body: { reason: 'route test' } },
  { method: 'GET', url: '/adjustments', roles: ['finance', 'admin'] },
  {
    method: 'POST',
    url: '/adjustments',
    roles: ['finance', 'admin'],
    body: { phone: '0000000000', kind: 'credit', amount: 1, reason: 'test' },
  },
  { method: 'POST', url: '/adjustments/:id/approve', roles: ['finance', 'admin'], body: {} },
  { method: 'POST', url: '/adjustments/:id/reject', roles: ['finance', 'admin'], body: { reason: 'no such' } },
  { method: 'GET', url: '/payments/unmatched', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/payments/:id/attach', roles: ['finance', 'admin'], body: { phone: '0000000000', reason: 'no such' } },
  { method: 'POST', url: '/payments/:id/refunded', roles: ['finance', 'admin'], body: { reason: 'no such' } },
  { method: 'GET', url: '/statements/accounts', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/statements/preview', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/statements/import', roles: ['finance', 'admin'] },
  { method: 'GET', url: '/statements/queue', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/statements/lines/:id/assign', roles: ['finance', 'admin'], body: { phone: '0000000000', reason: 'no such' } },
  { method: 'POST', url: '/statements/lines/:id/dismiss', roles: ['finance', 'admin'], body: { reason: 'no such' } },
  { method: 'GET', url: '/settings', roles: ['admin'] },
  { method: 'PUT', url: '/settings/:key', roles: ['admin'], body: { value: true, reason: 'route test' } },
  { method: 'GET', url: '/settings/:key/history', roles: ['admin'] },
  { method: 'POST', url: '/settings/proposals/:id/approve', roles: ['admin'], body: {} },
  { method: 'POST', url: '/settings/proposals/:id/reject', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'GET', url: '/bonuses', roles: ['finance', 'admin'] },
  { method: 'GET', url: '/promotions', roles: ['finance', 'admin'] },
  { method: 'POST', url: '/promotions', roles: ['admin'], body: { promotion: {}, reason: 'route test' } },
  { method: 'POST', url: '/promotions/:code/approve', roles: ['admin'], body: {} },
  { method: 'POST', url: '/promotions/:code/reject', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'POST', url: '/promotions/:code/stop', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'POST', url: '/bonuses', roles: ['admin'], body: { bonus: {}, reason: 'route test' } },
  { method: 'PUT', url: '/bonuses/:code', roles: ['admin'], body: { bonus: {}, reason: 'route test' } },
  { method: 'POST', url: '/bonuses/:code/approve', roles: ['admin'], body: {} },
  { method: 'POST', url: '/bonuses/:code/reject', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'POST', url: '/bonuses/:code/stop', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'POST', url: '/bonuses/:code/offer', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'GET', url: '/alerts', roles: ['admin'] },
  { method: 'PUT', url: '/alerts/channels/:channel', roles: ['admin'], body: { enabled: false, target: 'C1', reason: 'route test' } },
  { method: 'PUT', url: '/alerts/rules', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'POST', url: '/alerts/channels/:channel/test', roles: ['admin'] },
  { method: 'GET', url: '/reports', roles: ['finance', 'admin'] },
  { method: 'GET', url: '/deposit-accounts', roles: ['finance', 'admin'] },
  {
    method: 'POST',
    url: '/deposit-accounts',
    roles: ['admin'],
    body: { bankCode: 'NOSUCHBANK', bankAccountNo: '1', bankAccountName: 'X', currency: 'BAHT', reason: 'route test' },
  },
  { method: 'POST', url: '/deposit-accounts/retire', roles: ['admin'], body: { key: 'none', reason: 'route test' } },
  { method: 'GET', url: '/team', roles: ['admin'] },
  { method: 'POST', url: '/team', roles: ['admin'], body: { username: 'route-test' } },
  { method: 'POST', url: '/team/:username/disable', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'POST', url: '/team/:username/enable', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'POST', url: '/team/:username/reset', roles: ['admin'], body: { reason: 'route test' } },
  { method: 'PUT', url: '/team/:username/name', roles: ['admin'], body: { displayName: 'Route test' } },
  { method: 'GET', url: '/reports.csv', roles: ['finance', 'admin'] },
  { method: 'GET', url: '/inbox', roles: ['agent', 'finance', 'admin'] },
  { method: 'POST', url: '/inbox/ticket', roles: ['agent', 'finance', 'admin'] },
  { method: 'POST', url: '/inbox/next', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/inbox/:room', roles: ['agent', 'finance', 'admin'] },
  { method: 'GET', url: '/inbox/:room/messages', roles: ['agent', 'finance', 'admin'] },
  { method: 'POST', url: '/inbox/:room/take', roles: ['agent', 'finance', 'admin'], body: {} },
  { method: 'POST', url: '/inbox/:room/release', roles: ['agent', 'finance', 'admin'] },
  { method: 'POST', url: '/inbox/:room/messages', roles: ['agent', 'finance', 'admin'], body: { type: 'text', message: 'hi' } },
  { method: 'POST', url: '/inbox/:room/end', roles: ['agent', 'finance', 'admin'], body: {} },
  { method: 'POST', url: '/inbox/end-waiting-guests', roles: ['agent', 'finance', 'admin'], body: { rooms: ['guest:none'] } },
  { method: 'POST', url: '/inbox/:room/read', roles: ['agent', 'finance', 'admin'] },
  { method: 'POST', url: '/inbox/upload-image', roles: ['agent', 'finance', 'admin'] },
  { method: 'POST', url: '/inbox/upload-video', roles: ['agent', 'finance', 'admin'] },
];
/** The sign-in's steps: open to anyone (the password and the challenge cookie are their checks). */
const OPEN = ['POST /auth/sign-in', 'POST /auth/password', 'POST /auth/totp'];

describe('staff routes', () => {
  let server: TestServer;
  const staff = {} as Record<StaffRole, StaffBrowser>;
  beforeAll(async () => {
    server = await build();
    for (const role of ['agent', 'finance', 'admin'] as const) staff[role] = (await signedIn(server, `the-${role}`, role)).browser;
  });
  afterAll(() => server.close());

  it('lists every staff route in the table', () => {
    // printRoutes draws a tree: a route under another (`/slips/:id/approve` under `/slips`) is a branch of its line
    const paths: string[] = [];
    const routes: [string, string][] = [];
    for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const at = line.search(/[├└]── /);
      const [, segment, methods] = /[├└]── (\S*) \(([^)]*)\)/.exec(line) ?? [];
      if (at < 0 || segment === undefined) continue;
      const depth = at / 4;
      paths[depth] = (depth > 0 ? paths[depth - 1]! : '') + segment;
      if (paths[depth]!.startsWith('/api/staff/')) routes.push([paths[depth]!, methods!]);
    }
    const listed = [...ROUTES.map((r) => `${r.method} ${r.url}`), ...OPEN];
    for (const [path, methods] of routes)
      for (const method of methods.split(', ').filter((m) => m !== 'HEAD'))
        expect(listed, `${method} ${path} needs a row in ROUTES`).toContain(`${method} ${path.slice('/api/staff'.length)}`);
    expect(routes.map(([, methods]) => methods.split(', ').filter((m) => m !== 'HEAD').length).reduce((a, b) => a + b, 0)).toBe(
      listed.length,
    );
  });

  it.each(ROUTES)('$method $url: 401 without a session, 403 for a role below', async ({ method, url, roles, body }) => {
    const none = await staffCall(server, newBrowser(), method, url, body, { 'x-csrf-token': 'x' });
    expect([none.statusCode, message(none)]).toEqual([401, 'STAFF_UNAUTHORIZED']);
    for (const role of ['agent', 'finance', 'admin'] as const) {
      if (roles.includes(role)) continue;
      const res = await staffCall(server, staff[role], method, url, body);
      expect([role, res.statusCode, message(res)]).toEqual([role, 403, 'STAFF_FORBIDDEN']);
    }
  });

  it('answers 400, never a 5xx, for an id too large for the database', async () => {
    // a payment's id is the gateway's transaction id, and a bonus's its code: strings, so a long one is
    // simply no payment, bonus, promotion or staff member (staff-bonuses.test.ts, staff-promotions.test.ts and
    // staff-team.test.ts have their refusals)
    const strings = ['/payments/', '/bonuses/', '/promotions/', '/team/'];
    for (const { method, url, body } of ROUTES.filter((r) => r.url.includes('/:') && !strings.some((s) => r.url.startsWith(s)))) {
      const res = await staffCall(server, staff.admin, method, url.replace(/:[a-zA-Z]+/g, '99999999999'), body);
      expect([method, url, res.statusCode, message(res)]).toEqual([method, url, 400, 'KEY_INVALID']);
    }
  });

  it('refuses a changing call without the session CSRF token, or with a wrong one, and changes nothing', async () => {
    const { browser } = await signedIn(server, 'csrf-target', 'agent');
    for (const token of [undefined, 'not-the-token', `${browser.csrf}x`]) {
      const res = await staffCall(
        server,
        { ...browser, csrf: undefined },
        'POST',
        '/auth/sign-out',
        undefined,
        token ? { 'x-csrf-token': token } : {},
      );
      expect([res.statusCode, message(res)]).toEqual([403, 'CSRF_INVALID']);
    }
    // another session's token is not this session's
    const res = await staffCall(server, { ...browser, csrf: staff.agent.csrf }, 'POST', '/auth/sign-out');
    expect(message(res)).toBe('CSRF_INVALID');
    expect((await staffCall(server, browser, 'GET', '/me')).statusCode).toBe(200);
  });

  it('answers staff while the site is closed to members', async () => {
    await operator(server, 'site', 'terminate');
    await server.ctx.settings.refresh();
    try {
      expect((await call(server.app, 'GET', '/api/lookup/banks')).statusCode).toBe(410);
      expect((await staffCall(server, staff.finance, 'GET', '/dashboard')).statusCode).toBe(200);
    } finally {
      await operator(server, 'site', 'activate');
      await server.ctx.settings.refresh();
    }
  });

  it('counts the work queues: slips in review, withdrawals and manual deposit requests waiting, unmatched payments, chats waiting', async () => {
    const before = (await staffCall(server, staff.agent, 'GET', '/dashboard')).json();
    expect(before).toEqual({
      slipsInReview: 0,
      withdrawalsWaiting: 0,
      depositRequestsWaiting: 0,
      unmatchedPayments: 0,
      chatsWaiting: 0,
      statementLinesWaiting: 0,
      bonusEndsWaiting: 0,
    });
    const token = await login(server.app);
    await operator(server, 'deposit', DEMO_MEMBER.phone, '500');
    expect((await call(server.app, 'POST', '/api/wallet/withdrawAll', { amount: 200 }, { token })).statusCode).toBe(200);
    await send(server, textPackage('is anyone there?', { guestId: guestId() }));
    const after = (await staffCall(server, staff.agent, 'GET', '/dashboard')).json();
    expect(after).toEqual({
      slipsInReview: 0,
      withdrawalsWaiting: 1,
      depositRequestsWaiting: 0,
      unmatchedPayments: 0,
      chatsWaiting: 1,
      statementLinesWaiting: 0,
      bonusEndsWaiting: 0,
    });
  });

  it('gives admins the audit trail, filtered and paged, newest first', async () => {
    for (let i = 0; i < 55; i++) await operator(server, 'settings', 'set', 'registerOTP', i % 2 ? 'true' : 'false');
    const first = (await staffCall(server, staff.admin, 'GET', '/audit?action=settings.set')).json() as {
      rows: { id: number; action: string; before: unknown; after: unknown; actor: unknown }[];
      more: boolean;
    };
    expect(first.rows).toHaveLength(50);
    expect(first.more).toBe(true);
    expect(first.rows[0]).toMatchObject({ action: 'settings.set', actor: { kind: 'cli', username: 'system' }, before: true, after: false });
    const ids = first.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await staffCall(server, staff.admin, 'GET', `/audit?action=settings.set&before=${ids.at(-1)}`)).json() as {
      rows: unknown[];
      more: boolean;
    };
    expect([second.rows.length, second.more]).toEqual([5, false]);
    const signIns = (await staffCall(server, staff.admin, 'GET', '/audit?actor=the-finance&action=staff.sign-in')).json() as {
      rows: { target: string; ip: string | null }[];
    };
    expect(signIns.rows).toEqual([expect.objectContaining({ target: 'staff:the-finance', ip: expect.any(String) })]);
    const bad = await staffCall(server, staff.admin, 'GET', '/audit?before=abc');
    expect([bad.statusCode, message(bad)]).toEqual([400, 'KEY_INVALID']);
    // a cursor past any id (a serial's range) is the first page, not a 500
    const past = await staffCall(server, staff.admin, 'GET', '/audit?action=settings.set&before=999999999999');
    expect([past.statusCode, (past.json() as { rows: unknown[] }).rows.length]).toEqual([200, 50]);
  });
});
