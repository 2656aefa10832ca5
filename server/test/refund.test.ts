import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundSweep } from '../src/modules/refund/job.js';
import { HELP, runCommand } from '../src/operator/commands.js';
import { build, call, message, type TestServer } from './helper.js';
import { get, loseAllBut, newMember, operatorDeposit, walletAmount } from './bonus-helpers.js';
import { ledgerProblems, setSetting } from './deposit-helpers.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Wednesday 2026-11-11 00:00 in Bangkok (UTC+7): day n of the tests starts at day(n). */
const day = (n: number) => Date.UTC(2026, 10, 10, 17) + n * DAY;

describe('refunds (cashback)', () => {
  let server: TestServer;
  const check = async (token: string, lang = 'en') => (await get(server, token, `/api/refund/check?lang=${lang}`)).json();
  const receive = (token: string, headers: Record<string, string> = {}) => get(server, token, '/api/refund/receive', headers);
  const addWallet = (token: string, headers: Record<string, string> = {}) => get(server, token, '/api/refund/addWallet', headers);
  const logs = async (token: string) => (await call(server.app, 'POST', '/api/refund', { page: 1, limit: 10 }, { token })).json();
  const at = (time: number) => {
    server.clock.now = time;
  };
  const lines: string[] = [];
  const operator = (...args: string[]) => runCommand(server.ctx, args, (l) => lines.push(l));

  beforeAll(async () => {
    server = await build({ providerTimeoutMs: 300 });
    at(day(0) + 9 * 60 * MINUTE);
  });
  afterAll(() => server.close());

  it("refunds 5% of a Bangkok day's net loss once the day has closed, once, and the member moves it to the wallet", async () => {
    const { token } = await newMember(server, 1000);
    const winner = await newMember(server, 100);
    at(day(0) + 23 * 60 * MINUTE + 50 * MINUTE); // Wednesday 23:50
    await loseAllBut(server, token, 400.5);
    at(day(1) + 10 * MINUTE); // Thursday 00:10: this loss belongs to Thursday
    await loseAllBut(server, token, 300.5);
    await get(server, winner.token, '/api/wallet/activate/PG');
    await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, { token: winner.token });

    expect(await check(token)).toMatchObject({ result: false, refundAmount: 0 });
    // the sweep main.ts runs every minute: Wednesday has closed, Thursday has not
    expect(await refundSweep(server.ctx)).toBe(1);
    expect(await refundSweep(server.ctx)).toBe(0);
    await operator('refund', 'run', '2026-11-11');
    expect(lines.at(-1)).toContain('never paid twice');
    // 5% of 599.50, rounded down to the satang
    expect((await logs(token)).refunds).toEqual([{ refundAmount: 29.97, createdAt: new Date(day(1) + 10 * MINUTE).toISOString() }]);
    expect((await logs(winner.token)).total).toBe(0);
    expect(await check(token)).toEqual({
      result: true,
      bonus: false,
      info: expect.stringContaining('5% of your daily net loss back'),
      refundAmount: 29.97,
      waiting: 29.97,
      balance: 0,
      refundSuccess: 5,
      refundFail: 0,
    });

    const got = await receive(token, { 'idempotency-key': 'refund-receive-1' });
    expect([got.statusCode, got.json()]).toEqual([200, { message: 'REFUND_SUCCESS', amount: 29.97 }]);
    expect((await receive(token, { 'idempotency-key': 'refund-receive-1' })).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 29.97 });
    expect(message(await receive(token))).toBe('NO_REFUND');
    expect(await walletAmount(server, token)).toBe(300.5);
    expect(await check(token)).toMatchObject({ result: true, refundAmount: 29.97, waiting: 0, balance: 29.97 });

    expect((await addWallet(token)).json()).toEqual({ message: 'SUCCESS', amount: 29.97 });
    expect(await walletAmount(server, token)).toBe(330.47);
    const again = await addWallet(token);
    expect([again.statusCode, message(again)]).toEqual([400, 'NO_REFUND']);
    expect(await check(token)).toMatchObject({ result: false, refundAmount: 0 });
    const { statements } = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 1 }, { token })).json();
    expect(statements[0]).toMatchObject({
      statementType: 'bonus',
      from: 'REFUND',
      to: 'WALLET',
      amount: 29.97,
      refund: { description: 'Cashback on losses' },
    });

    // Thursday closes: its 100 baht loss earns 5
    at(day(2) + MINUTE);
    expect(await refundSweep(server.ctx)).toBe(1);
    expect((await logs(token)).refunds.map((r: { refundAmount: number }) => r.refundAmount)).toEqual([5, 29.97]);
  });

  it('answers NO_REFUND with nothing computed, REFUND_INACTIVE while off and REFUND_MINIMUM below the minimum, changing nothing', async () => {
    at(day(3) + 9 * 60 * MINUTE);
    const fresh = await newMember(server);
    expect(await check(fresh.token)).toMatchObject({ result: false, bonus: false, refundAmount: 0 });
    expect([(await receive(fresh.token)).statusCode, message(await receive(fresh.token))]).toEqual([400, 'NO_REFUND']);
    expect(message(await addWallet(fresh.token))).toBe('NO_REFUND');

    const { token } = await newMember(server, 200);
    await loseAllBut(server, token, 190);
    at(day(4) + MINUTE);
    const rule = server.ctx.settings.get('refund');
    await setSetting(server, 'refund', { ...rule, active: false });
    expect(await refundSweep(server.ctx)).toBe(0);
    await setSetting(server, 'refund', { ...rule, minimum: 1 });
    expect(await refundSweep(server.ctx)).toBe(1);
    // 5% of 10 baht is 0.50: below the 1 baht minimum
    const below = await receive(token);
    expect([below.statusCode, message(below)]).toEqual([400, 'REFUND_MINIMUM']);
    await setSetting(server, 'refund', { ...rule, active: false });
    const off = await receive(token);
    expect([off.statusCode, message(off)]).toEqual([400, 'REFUND_INACTIVE']);
    expect(await check(token)).toMatchObject({ result: false, waiting: 0.5 });
    await setSetting(server, 'refund', { ...rule, minimum: 0.5 });
    expect((await receive(token)).json()).toEqual({ message: 'REFUND_SUCCESS', amount: 0.5 });
    // a received refund still moves to the wallet while the programme is off
    await setSetting(server, 'refund', { ...rule, active: false });
    expect((await addWallet(token)).json()).toEqual({ message: 'SUCCESS', amount: 0.5 });
    await setSetting(server, 'refund', rule);
    expect(await walletAmount(server, token)).toBe(190.5);
  });

  it('refuses REFUND_CONDITION while a bonus is active, and refunds a day with a bonus at percentWithBonus', async () => {
    at(day(5) + 9 * 60 * MINUTE);
    const { phone, token } = await newMember(server, 1000);
    await loseAllBut(server, token, 800);
    at(day(6) + 9 * 60 * MINUTE);
    await refundSweep(server.ctx);
    await operatorDeposit(server, phone, 100);
    expect(message(await get(server, token, '/api/promotion/activate/WELCOME50'))).toBe('SUCCESS');
    const blocked = await receive(token);
    expect([blocked.statusCode, message(blocked)]).toEqual([400, 'REFUND_CONDITION']);
    expect(await check(token)).toMatchObject({ result: true, bonus: true, waiting: 10 });
    expect(await walletAmount(server, token)).toBe(950);

    // a loss on a day the bonus was held: 0% by default, 2% once the operator says so
    await loseAllBut(server, token, 750);
    await setSetting(server, 'refund', { ...server.ctx.settings.get('refund'), percentWithBonus: 2 });
    at(day(7) + MINUTE);
    await refundSweep(server.ctx);
    expect((await logs(token)).refunds.map((r: { refundAmount: number }) => r.refundAmount)).toEqual([4, 10]);
    await setSetting(server, 'refund', { ...server.ctx.settings.get('refund'), percentWithBonus: 0 });
  });

  it('pays once when five receives, then five moves to the wallet, arrive at once', async () => {
    at(day(8) + 9 * 60 * MINUTE);
    const { token } = await newMember(server, 500);
    await loseAllBut(server, token, 100);
    at(day(9) + MINUTE);
    await refundSweep(server.ctx);
    const received = await Promise.all([1, 2, 3, 4, 5].map((i) => receive(token, { 'idempotency-key': `refund-at-once-${i}` })));
    expect(received.map((r) => message(r)).sort()).toEqual(['NO_REFUND', 'NO_REFUND', 'NO_REFUND', 'NO_REFUND', 'REFUND_SUCCESS']);
    const moved = await Promise.all([1, 2, 3, 4, 5].map((i) => addWallet(token, { 'idempotency-key': `refund-move-${i}` })));
    expect(moved.map((r) => message(r)).sort()).toEqual(['NO_REFUND', 'NO_REFUND', 'NO_REFUND', 'NO_REFUND', 'SUCCESS']);
    expect(await walletAmount(server, token)).toBe(120);
  });

  it('serves banners per language and refuses bad input with a 4xx', async () => {
    const { token } = await newMember(server);
    expect((await get(server, token, '/api/refund/banners')).json()).toEqual({ banners: [] });
    const rule = server.ctx.settings.get('refund');
    await setSetting(server, 'refund', {
      ...rule,
      banners: [{ image: '/bonus/weekly.svg', html: { th: '<p>คืนยอดเสีย</p>', en: '<p>Cashback</p>' } }],
    });
    expect((await get(server, token, '/api/refund/banners?lang=en')).json()).toEqual({
      banners: [{ image: '/bonus/weekly.svg', html: '<p>Cashback</p>' }],
    });
    expect((await get(server, token, '/api/refund/banners?lang=la')).json().banners[0].html).toBe('<p>คืนยอดเสีย</p>');
    await setSetting(server, 'refund', rule);
    expect(message(await call(server.app, 'POST', '/api/refund', { page: 1, limit: 1000 }, { token }))).toBe('KEY_INVALID');
    expect(message(await get(server, token, '/api/refund/check?lang=de'))).toBe('KEY_INVALID');
    expect(message(await receive(token, { 'idempotency-key': 'bad key!' }))).toBe('KEY_INVALID');
  });

  it('lets the operator show and change the rule and refuses a period that has not closed', async () => {
    lines.length = 0;
    await operator('refund', 'rule', 'set', '--percent', '7.5', '--minimum', '10', '--info', '{"th":"<p>เงื่อนไข</p>","en":"<p>Terms</p>"}');
    await server.ctx.settings.refresh();
    expect(server.ctx.settings.get('refund')).toMatchObject({
      percent: 7.5,
      minimum: 10,
      info: { th: '<p>เงื่อนไข</p>', en: '<p>Terms</p>' },
    });
    await operator('refund', 'rule', 'show');
    expect(lines.join('\n')).toContain('refunds 7.5% of a net loss');
    await expect(operator('refund', 'rule', 'set', '--period', 'month')).rejects.toThrow(/period/);
    await expect(operator('refund', 'run', '2999-01-01')).rejects.toThrow(/has not closed/);
    await expect(operator('refund', 'run', 'yesterday')).rejects.toThrow(/YYYY-MM-DD/);
    expect(HELP).toContain('npm run operator -- refund run [YYYY-MM-DD]');
    expect(HELP).toContain('npm run operator -- invite rule set');
    await operator('refund', 'rule', 'set', '--percent', '5', '--minimum', '1');
    await server.ctx.settings.refresh();
  });

  it('never refunds a loss twice when the operator switches the period between day and week', async () => {
    at(day(14) + 12 * 60 * MINUTE); // Wednesday 2026-11-25 noon
    const { token } = await newMember(server, 500);
    await loseAllBut(server, token, 100);
    at(day(15) + MINUTE); // the sweep (the server's clock) computes the closed Wednesday
    await refundSweep(server.ctx);
    expect((await logs(token)).total).toBe(1);
    await setSetting(server, 'refund', { ...server.ctx.settings.get('refund'), period: 'week' });
    at(day(19) + MINUTE); // Monday 2026-11-30: the week of the 25th has closed
    expect(await refundSweep(server.ctx)).toBe(0);
    expect((await logs(token)).refunds).toEqual([{ refundAmount: 20, createdAt: new Date(day(15) + MINUTE).toISOString() }]);
    await setSetting(server, 'refund', { ...server.ctx.settings.get('refund'), period: 'day' });
  });

  it('keeps the ledger whole', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
  });
});
