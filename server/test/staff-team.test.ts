import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOneTimePassword, StaffTeam } from '../../contract/staff-team.js';
import { build, message, type TestServer } from './helper.js';
import { newBrowser, signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';

/**
 * Staff accounts in the console: an admin adds a support agent (its one-time password answered once), gives
 * anyone the name customers see, disables and enables anyone but themselves, and resets an agent. A finance
 * clerk or an admin is the operator's to add or reset: one admin never holds a second money role's password.
 * Every change is in the audit trail as the admin, with the address and the reason; a refusal changes nothing.
 */
describe('staff team', () => {
  let server: TestServer;
  let boss: StaffBrowser;
  let fin: StaffBrowser;
  let agent: StaffBrowser;
  const db = () => server.ctx.database.db;
  const team = async (browser = boss) => {
    const res = await staffCall(server, browser, 'GET', '/team');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as StaffTeam).staff;
  };
  const member = async (username: string) => (await team()).find((s) => s.username === username);
  const trail = (username: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_kind', 'actor_username', 'reason', 'ip', 'after_json'])
      .where('target', '=', `staff:${username}`)
      .orderBy('id')
      .execute();
  const change = (username: string, action: 'disable' | 'enable' | 'reset', reason?: string, browser = boss) =>
    staffCall(server, browser, 'POST', `/team/${encodeURIComponent(username)}/${action}`, reason === undefined ? {} : { reason });
  const signInStep = (username: string, password: string) =>
    staffCall(server, newBrowser(), 'POST', '/auth/sign-in', { username, password });

  beforeAll(async () => {
    server = await build();
    boss = (await signedIn(server, 'boss', 'admin', '203.0.113.9')).browser;
    fin = (await signedIn(server, 'fin', 'finance')).browser;
    agent = (await signedIn(server, 'nok', 'agent')).browser;
  });
  afterAll(() => server.close());

  it('is an admin screen: finance and agents are refused', async () => {
    for (const browser of [fin, agent]) {
      expect(message(await staffCall(server, browser, 'GET', '/team'))).toBe('STAFF_FORBIDDEN');
      const add = await staffCall(server, browser, 'POST', '/team', { username: 'sneaky' });
      expect([add.statusCode, message(add)]).toEqual([403, 'STAFF_FORBIDDEN']);
    }
    expect(await member('sneaky')).toBeUndefined();
    const me = await member('boss');
    expect(me).toMatchObject({ role: 'admin', status: 'active', totpEnrolled: true, displayName: null });
    expect(me!.lastSeenAt).not.toBeNull();
  });

  it('adds an agent whose one-time password signs in once, and says so in the trail', async () => {
    const res = await staffCall(server, boss, 'POST', '/team', { username: ' ploy ', displayName: ' Ploy (support) ' });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json() as StaffOneTimePassword;
    expect(added.username).toBe('ploy');
    expect(added.team.staff.find((s) => s.username === 'ploy')).toMatchObject({
      role: 'agent',
      status: 'new',
      totpEnrolled: false,
      displayName: 'Ploy (support)',
      lastSeenAt: null,
    });
    expect((await signInStep('ploy', added.oneTimePassword)).json()).toEqual({ next: 'set-password' });
    expect(await trail('ploy')).toEqual([
      {
        action: 'staff.add',
        actor_kind: 'staff',
        actor_username: 'boss',
        reason: null,
        ip: '203.0.113.9',
        after_json: JSON.stringify({ role: 'agent', displayName: 'Ploy (support)' }),
      },
    ]);
  });

  it('refuses a taken, malformed or reserved username and an unreadable name, adding no one', async () => {
    const before = await team();
    const cases: [unknown, number, string][] = [
      [{ username: 'fin' }, 409, 'STAFF_USERNAME_TAKEN'],
      [{ username: 'Big Boss' }, 400, 'STAFF_USERNAME_INVALID'],
      [{ username: 'ab' }, 400, 'STAFF_USERNAME_INVALID'],
      [{ username: 'system' }, 400, 'STAFF_USERNAME_INVALID'],
      [{ username: 'x'.repeat(33) }, 400, 'STAFF_USERNAME_INVALID'],
      [{ username: 'oddname', displayName: 'Nok\u202Eevil' }, 400, 'DISPLAY_NAME_INVALID'],
      [{ username: 'oddname', displayName: 'n'.repeat(41) }, 400, 'DISPLAY_NAME_INVALID'],
      [{ username: 12 }, 400, 'KEY_INVALID'],
      [{}, 400, 'KEY_MISSING'],
    ];
    for (const [body, status, code] of cases) {
      const res = await staffCall(server, boss, 'POST', '/team', body);
      expect([res.statusCode, message(res)], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await team()).toEqual(before);
    // a role asked for is not the console's to give: the one added is an agent
    const res = await staffCall(server, boss, 'POST', '/team', { username: 'climber', role: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await member('climber')).toMatchObject({ role: 'agent' });
  });

  it('adds one of a name asked for twenty times at once: one password, the others taken', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => staffCall(server, boss, 'POST', '/team', { username: 'twin' })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409 && message(r) === 'STAFF_USERNAME_TAKEN')).toHaveLength(19);
    expect((await trail('twin')).map((r) => r.action)).toEqual(['staff.add']);
  });

  it('disables another staff member with a reason, ending their session, and enables a support agent again', async () => {
    const mali = (await signedIn(server, 'mali', 'agent')).browser;
    expect(message(await change('mali', 'disable'))).toBe('KEY_MISSING');
    expect(message(await change('mali', 'disable', ' x '))).toBe('REASON_REQUIRED');
    expect((await staffCall(server, mali, 'GET', '/me')).statusCode).toBe(200);

    const res = await change('mali', 'disable', 'left the company');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as StaffTeam).staff.find((s) => s.username === 'mali')?.status).toBe('disabled');
    expect(message(await staffCall(server, mali, 'GET', '/me'))).toBe('STAFF_UNAUTHORIZED');
    // the same again changes nothing and writes nothing
    expect((await change('mali', 'disable', 'left the company')).statusCode).toBe(200);
    expect((await change('mali', 'enable', 'came back')).statusCode).toBe(200);
    expect(await member('mali')).toMatchObject({ status: 'active' });
    expect((await trail('mali')).filter((r) => r.actor_username === 'boss')).toEqual([
      expect.objectContaining({ action: 'staff.disable', actor_username: 'boss', reason: 'left the company', ip: '203.0.113.9' }),
      expect.objectContaining({ action: 'staff.enable', actor_username: 'boss', reason: 'came back' }),
    ]);
  });

  it('enables a support agent but never a finance clerk or an admin: their password and authenticator still work', async () => {
    await signedIn(server, 'fah', 'finance');
    expect((await change('fah', 'disable', 'moved to admin')).statusCode).toBe(200);
    const refused = await change('fah', 'enable', 'needed again');
    expect([refused.statusCode, message(refused)]).toEqual([403, 'STAFF_OPERATOR_ONLY']);
    expect(await member('fah')).toMatchObject({ status: 'disabled' });
    expect((await trail('fah')).map((r) => r.action)).not.toContain('staff.enable');
  });

  it('lets one of two admins who disable each other at once do it, never both', async () => {
    const one = (await signedIn(server, 'duel1', 'admin')).browser;
    const two = (await signedIn(server, 'duel2', 'admin')).browser;
    const answers = await Promise.all([
      staffCall(server, one, 'POST', '/team/duel2/disable', { reason: 'power struggle' }),
      staffCall(server, two, 'POST', '/team/duel1/disable', { reason: 'power struggle' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await team()).filter((s) => s.username.startsWith('duel') && s.status === 'disabled')).toHaveLength(1);
  });

  it('never lets an admin disable or reset themselves, nor anyone unknown', async () => {
    expect([(await change('boss', 'disable', 'testing')).statusCode, message(await change('boss', 'disable', 'testing'))]).toEqual([
      409,
      'STAFF_IS_YOU',
    ]);
    expect(await member('boss')).toMatchObject({ status: 'active' });
    for (const name of ['nobody', 'Bad Name', '../boss', 'a'.repeat(64)]) {
      const res = await change(name, 'disable', 'testing');
      expect([res.statusCode, message(res)], name).toEqual([404, 'NO_STAFF']);
    }
  });

  it("resets an agent (a new one-time password, the old session ended) but never a finance clerk's or an admin's", async () => {
    const refused = await change('fin', 'reset', 'lost phone');
    expect([refused.statusCode, message(refused)]).toEqual([403, 'STAFF_OPERATOR_ONLY']);
    expect(await member('fin')).toMatchObject({ status: 'active', totpEnrolled: true });
    expect((await trail('fin')).map((r) => r.action)).not.toContain('staff.reset');

    const res = await change('nok', 'reset', 'lost phone');
    expect(res.statusCode, res.body).toBe(200);
    const reset = res.json() as StaffOneTimePassword;
    expect(reset.team.staff.find((s) => s.username === 'nok')).toMatchObject({ status: 'new', totpEnrolled: false });
    expect(message(await staffCall(server, agent, 'GET', '/me'))).toBe('STAFF_UNAUTHORIZED');
    expect((await signInStep('nok', reset.oneTimePassword)).json()).toEqual({ next: 'set-password' });
    expect((await trail('nok')).at(-1)).toMatchObject({ action: 'staff.reset', actor_username: 'boss', reason: 'lost phone' });
  });

  it('sets the name customers see, refusing an empty or unreadable one', async () => {
    // blank to the eye, another's name with an invisible tail, a filler, a tag, half a character
    for (const displayName of ['   ', 'a\u0007b', 'n'.repeat(41), '\u200B', 'boss\u200B', '\u3164', '\u{E0041}', '\uD800x', '--']) {
      const res = await staffCall(server, boss, 'PUT', '/team/fin/name', { displayName });
      expect([res.statusCode, message(res)], displayName).toEqual([400, 'DISPLAY_NAME_INVALID']);
    }
    const res = await staffCall(server, boss, 'PUT', '/team/fin/name', { displayName: 'คุณฟ้า' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await member('fin')).toMatchObject({ displayName: 'คุณฟ้า' });
    expect((await trail('fin')).at(-1)).toMatchObject({ action: 'staff.name', actor_username: 'boss' });
  });

  it('writes one row for a disable asked for ten times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => change('twin', 'disable', 'duplicate account')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await trail('twin')).map((r) => r.action)).toEqual(['staff.add', 'staff.disable']);
  });

  it("finds a staff member's changes in the audit trail by their name", async () => {
    const res = await staffCall(server, boss, 'GET', `/audit?target=${encodeURIComponent('staff:nok')}`);
    expect(res.statusCode).toBe(200);
    const actions = (res.json() as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.reset', 'staff.add']));
  });
});
