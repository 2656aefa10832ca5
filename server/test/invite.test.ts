import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/operator/commands.js';
import { build, call, message, type TestServer } from './helper.js';
import { get, newMember, operatorDeposit, play, walletAmount } from './bonus-helpers.js';
import { ledgerProblems, setSetting, statementOf } from './deposit-helpers.js';
import { inviteCodeOf, inviteOf, memberInvitedBy } from './invite-helpers.js';

const HOUR = 60 * 60_000;

describe('invite programme', () => {
  let server: TestServer;
  const receive = (token: string, headers: Record<string, string> = {}) => get(server, token, '/api/invite/bonus', headers);
  const list = (token: string, page = 1, limit = 10) => call(server.app, 'POST', '/api/invite', { page, limit }, { token });
  /** An inviter and one member they invited. */
  async function pair() {
    const inviter = await newMember(server);
    const invitee = await memberInvitedBy(server, await inviteCodeOf(server, inviter.token));
    expect(invitee.res).toBe(201);
    return { inviter, invitee };
  }

  beforeAll(async () => {
    server = await build();
    // the operator's deposits are stamped with the real time; the sandbox's bets come after them
    server.clock.now = Date.now() + HOUR;
  });
  afterAll(() => server.close());

  it('links a member registered with PR<id> to the inviter, refuses an unknown code, and starts with nothing', async () => {
    const { inviter, invitee } = await pair();
    const row = await server.ctx.database.db
      .selectFrom('members')
      .select('inviter_id')
      .where('phone', '=', invitee.phone)
      .executeTakeFirst();
    const { profile } = (await get(server, inviter.token, '/api/account/profile')).json();
    expect(row?.inviter_id).toBe(profile._id);
    expect((await memberInvitedBy(server, 'PR99999999')).res).toBe(400);
    expect(await inviteOf(server, inviter.token)).toEqual({ amount: 0, success: 0, fail: 0 });
    const nothing = await receive(inviter.token);
    expect([nothing.statusCode, message(nothing)]).toEqual([400, 'NO_INVITE_BONUS']);
    expect((await list(inviter.token)).json()).toEqual({ invites: [], total: 0 });
  });

  it("earns 5% of the invitee's deposits, receivable once the invitee has played them through, paid once", async () => {
    const { inviter, invitee } = await pair();
    await operatorDeposit(server, invitee.phone, 1000);
    await operatorDeposit(server, invitee.phone, 500.5);
    // 5% of 1000 and of 500.50 (25.025, rounded down to the satang)
    expect(await inviteOf(server, inviter.token)).toEqual({ amount: 75.02, success: 0, fail: 100 });
    const early = await receive(inviter.token);
    expect([early.statusCode, message(early)]).toEqual([400, 'NO_INVITEE_PLAY_INFO']);
    expect(await walletAmount(server, inviter.token)).toBe(0);

    // bets of 1000 cover the older deposit only
    await play(server, invitee.token, 1000);
    expect(await inviteOf(server, inviter.token)).toEqual({ amount: 75.02, success: 66, fail: 34 });
    const got = await receive(inviter.token, { 'idempotency-key': 'invite-receive-1' });
    expect([got.statusCode, got.json()]).toEqual([200, { message: 'INVITE_BONUS_SUCCESS', amount: 50 }]);
    const replay = await receive(inviter.token, { 'idempotency-key': 'invite-receive-1' });
    expect(replay.json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 50 });
    expect(await walletAmount(server, inviter.token)).toBe(50);
    expect(await inviteOf(server, inviter.token)).toEqual({ amount: 25.02, success: 0, fail: 100 });
    expect(message(await receive(inviter.token))).toBe('NO_INVITEE_PLAY_INFO');

    await play(server, invitee.token, 500.5);
    expect((await receive(inviter.token)).json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 25.02 });
    expect(await walletAmount(server, inviter.token)).toBe(75.02);
    expect(message(await receive(inviter.token))).toBe('NO_INVITE_BONUS');

    const page = (await list(inviter.token)).json();
    expect(page.total).toBe(2);
    expect(page.invites.map((i: { from: { name: string }; amount: number }) => i.amount)).toEqual([25.02, 50]);
    expect(page.invites[0].from.name).toMatch(/^Friend \d+$/);
    expect(new Date(page.invites[0].createdAt).getTime()).toBeGreaterThan(0);
    expect((await list(inviter.token, 2, 1)).json().invites).toHaveLength(1);

    const { statements } = (
      await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 2 }, { token: inviter.token })
    ).json();
    expect(statements[0]).toMatchObject({ statementType: 'bonus', status: 'SUCCESS', from: 'INVITE', to: 'WALLET', amount: 25.02 });
    expect(statements[0].invite).toEqual({ description: 'Invite bonus' });
    const thai = (await statementOf(server, inviter.token)).statements[0] as unknown as { invite: { description: string } };
    expect(thai.invite.description).toBe('โบนัสชวนเพื่อน');
    // the invitee's own statement knows nothing of it
    expect((await statementOf(server, invitee.token)).statements.some((s) => s.from === 'INVITE')).toBe(false);
  });

  it('pays once when five receives arrive at once', async () => {
    const { inviter, invitee } = await pair();
    await operatorDeposit(server, invitee.phone, 200);
    await play(server, invitee.token, 200);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => receive(inviter.token, { 'idempotency-key': `invite-at-once-${i}` })));
    const codes = answers.map((a) => message(a) ?? a.json().message).sort();
    expect(codes).toEqual(['INVITE_BONUS_SUCCESS', 'NO_INVITE_BONUS', 'NO_INVITE_BONUS', 'NO_INVITE_BONUS', 'NO_INVITE_BONUS']);
    expect(answers.find((a) => a.statusCode === 200)?.json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 10 });
    expect(await walletAmount(server, inviter.token)).toBe(10);
  });

  it("answers INVITE_BONUS_FAIL when the invitee's provider cannot be asked, and INVITE_INACTIVE while the programme is off", async () => {
    const { inviter, invitee } = await pair();
    await operatorDeposit(server, invitee.phone, 100);
    await get(server, invitee.token, '/api/wallet/activate/PG');
    await setSetting(server, 'providerFaults', { PG: 'fail' });
    const failed = await receive(inviter.token);
    expect([failed.statusCode, message(failed)]).toEqual([409, 'INVITE_BONUS_FAIL']);
    await setSetting(server, 'providerFaults', {});
    await play(server, invitee.token, 100);

    const rule = server.ctx.settings.get('invite');
    await setSetting(server, 'invite', { ...rule, active: false });
    const off = await receive(inviter.token);
    expect([off.statusCode, message(off)]).toEqual([400, 'INVITE_INACTIVE']);
    expect(await walletAmount(server, inviter.token)).toBe(0);
    await setSetting(server, 'invite', rule);
    expect((await receive(inviter.token)).json()).toEqual({ message: 'INVITE_BONUS_SUCCESS', amount: 5 });
  });

  it('serves the banners in the asked language, and empty when the operator has none', async () => {
    const { token } = await newMember(server);
    const en = (await get(server, token, '/api/invite/banners?lang=en')).json();
    expect(en.banners).toEqual([{ image: '/bonus/daily.svg', html: '<p>Invite friends: earn 5% of each of their deposits</p>' }]);
    expect((await get(server, token, '/api/invite/banners?lang=la')).json().banners[0].html).toContain('ແນະນຳໝູ່');
    const bad = await get(server, token, '/api/invite/banners?lang=xx');
    expect([bad.statusCode, message(bad)]).toEqual([400, 'KEY_INVALID']);
    const rule = server.ctx.settings.get('invite');
    await setSetting(server, 'invite', { ...rule, banners: [] });
    expect((await get(server, token, '/api/invite/banners')).json()).toEqual({ banners: [] });
    await setSetting(server, 'invite', rule);
  });

  it('refuses a bad page and calls without a session', async () => {
    const { token } = await newMember(server);
    expect(message(await list(token, 0))).toBe('KEY_INVALID');
    expect(message(await call(server.app, 'POST', '/api/invite', { page: 1 }, { token }))).toBe('KEY_MISSING');
    expect((await call(server.app, 'GET', '/api/invite/bonus')).statusCode).toBe(401);
  });

  it('lets the operator show and change the rule', async () => {
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    await runCommand(server.ctx, ['invite', 'rule', 'set', '--percent', '7.5', '--turnover', '0'], print);
    expect(server.ctx.settings.get('invite').percent).toBe(5); // the cache refreshes on its own timer
    await server.ctx.settings.refresh();
    const { inviter, invitee } = await pair();
    await operatorDeposit(server, invitee.phone, 100);
    // 7.5% and no turnover: ready at once
    expect(await inviteOf(server, inviter.token)).toEqual({ amount: 7.5, success: 100, fail: 0 });
    lines.length = 0;
    await runCommand(server.ctx, ['invite', 'rule', 'show'], print);
    expect(lines.join('\n')).toContain('earns 7.5% of each credited deposit');
    await expect(runCommand(server.ctx, ['invite', 'rule', 'set', '--percent', '101'], print)).rejects.toThrow(/percentage/);
    await expect(runCommand(server.ctx, ['invite', 'rule', 'set', '--banners', '{'], print)).rejects.toThrow(/JSON/);
    await runCommand(server.ctx, ['invite', 'rule', 'set', '--percent', '5', '--turnover', '1'], print);
    await server.ctx.settings.refresh();
  });

  it('keeps the ledger whole', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
  });
});

describe('invites across currencies on the Lao site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ variant: 'la' });
  });
  afterAll(() => server.close());

  it("pays the inviter's share in the inviter's own currency", async () => {
    const inviter = await newMember(server, undefined, { currency: 'LAK' });
    const friend = await memberInvitedBy(server, await inviteCodeOf(server, inviter.token), { currency: 'BAHT' });
    await operatorDeposit(server, friend.phone, 100);
    // 5% of 100 baht is 5 baht, which is 3,000 kip at 600 kip a baht
    expect((await inviteOf(server, inviter.token)).amount).toBe(3000);
  });
});
