import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/operator/commands.js';
import { build, call, message, type TestServer } from './helper.js';
import { get, loseAllBut, newMember, operatorDeposit, play, walletAmount } from './bonus-helpers.js';
import { ledgerProblems, statementOf } from './deposit-helpers.js';

/** Monday 2026-11-23 00:00 in Bangkok (UTC+7). */
const MONDAY_BKK = Date.UTC(2026, 10, 22, 17, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('bonuses', () => {
  let server: TestServer;
  const activate = (token: string, code: string, headers: Record<string, string> = {}) =>
    get(server, token, `/api/bonus/activate/${code}`, headers);
  const active = async (token: string) => (await get(server, token, '/api/bonus/check/active')).json();
  const withdraw = (token: string, amount: number) => call(server.app, 'POST', '/api/wallet/withdrawAll', { amount }, { token });

  beforeAll(async () => {
    server = await build();
    server.clock.now = MONDAY_BKK + 10 * 60 * MINUTE; // Monday 10:00 in Bangkok
  });
  afterAll(() => server.close());

  it('seeds a first-deposit, a daily and a weekly bonus and two promotion codes, in three languages', async () => {
    const db = server.ctx.database.db;
    // the offered ones: the wheel's SPINBONUS50 (seed-spin.ts) is given only by the wheel
    const bonuses = await db.selectFrom('bonuses').selectAll().where('active', '=', 1).orderBy('sort').execute();
    expect(bonuses.map((b) => [b.code, b.type, Number(b.max_received), Number(b.min_deposit), Number(b.turnover_multiple)])).toEqual([
      ['FIRSTDEP100', 'limit', 1, 10_000, 5],
      ['DAILY10', 'day', 1, 10_000, 3],
      ['WEEKLY100', 'week', 2, 30_000, 10],
    ]);
    for (const b of bonuses)
      for (const field of [b.name, b.html, b.notice]) expect(Object.keys(JSON.parse(field)).sort()).toEqual(['en', 'la', 'th']);
    const promotions = await db.selectFrom('promotions').select(['code', 'description']).orderBy('code').execute();
    expect(promotions.map((p) => p.code)).toEqual(['NEWYEAR20', 'WELCOME50']);
    expect(server.ctx.settings.get('bonus')).toEqual({ clearBelow: 5 });
  });

  it('lists the bonuses in the asked language with the member received nothing yet', async () => {
    const { token } = await newMember(server);
    const { bonuses } = (await get(server, token, '/api/bonus?lang=en')).json();
    expect(bonuses.map((b: { code: string; name: string }) => [b.code, b.name])).toEqual([
      ['FIRSTDEP100', 'First deposit bonus 100%'],
      ['DAILY10', 'Daily bonus 10%'],
      ['WEEKLY100', 'Weekly bonus'],
    ]);
    expect(bonuses[0]).toMatchObject({
      type: 'limit',
      maxReceived: 1,
      percentFail: 100,
      minDeposit: 100,
      turnoverMultiple: 5,
      userBonus: null,
    });
    expect(bonuses[0].notice).toContain('{percentFail}');
    expect(bonuses[0].banners[0]).toEqual({ image: '/bonus/first-deposit.svg', html: '<p>Double your first deposit</p>' });
    const thai = (await get(server, token, '/api/bonus?lang=th')).json();
    expect(thai.bonuses[1].name).toBe('โบนัสรายวัน 10%');
    expect(await active(token)).toEqual({ status: false, type: null, code: null, amount: null, percentFail: null, turnover: null });
  });

  it('refuses with each code in order and changes nothing', async () => {
    const { phone, token } = await newMember(server);
    expect([(await activate(token, 'NOPE')).statusCode, message(await activate(token, 'NOPE'))]).toEqual([404, 'NO_DATA']);
    // no deposit at all, then one below the minimum
    expect(message(await activate(token, 'DAILY10'))).toBe('BONUS_DEPOSIT_REQUIRED');
    await operatorDeposit(server, phone, 50);
    const below = await activate(token, 'DAILY10');
    expect([below.statusCode, message(below)]).toEqual([400, 'BONUS_DEPOSIT_REQUIRED']);
    expect(await walletAmount(server, token)).toBe(50);
    await operatorDeposit(server, phone, 150);
    const got = await activate(token, 'DAILY10');
    expect(got.statusCode).toBe(200);
    // 10% of the latest deposit (150), turnover 3 x (150 + 15)
    expect(got.json()).toEqual({ message: 'SUCCESS', code: 'DAILY10', amount: 15, turnover: { target: 495, progress: 0, remaining: 495 } });
    expect(await walletAmount(server, token)).toBe(215);
    const again = await activate(token, 'WEEKLY100');
    expect([again.statusCode, message(again)]).toEqual([409, 'BONUS_ALREADY_ACTIVE']);
    expect(await walletAmount(server, token)).toBe(215);
    expect(await active(token)).toEqual({
      status: true,
      type: 'day',
      code: 'DAILY10',
      amount: 15,
      percentFail: 50,
      turnover: { target: 495, progress: 0, remaining: 495 },
    });
    const list = (await get(server, token, '/api/bonus?lang=en')).json();
    const daily = list.bonuses.find((b: { code: string }) => b.code === 'DAILY10');
    expect(daily.userBonus).toMatchObject({ isActive: true, received: [{ updatedAt: new Date(server.clock.now).toISOString() }] });
    const { statements } = await statementOf(server, token);
    expect(statements[0]).toMatchObject({ statementType: 'bonus', status: 'SUCCESS', amount: 15, from: 'BONUS', to: 'WALLET' });
    const described = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 1 }, { token })).json();
    expect(described.statements[0].bonus).toEqual({ code: 'DAILY10', description: 'Daily bonus 10%' });
  });

  it('runs none of its GETs for a HEAD: a bonus is not activated by one, nor the money moved', async () => {
    const { token } = await newMember(server, 100);
    const head = (url: string) => call(server.app, 'HEAD', url, undefined, { token });
    for (const url of ['/api/bonus/activate/FIRSTDEP100', '/api/promotion/activate/WELCOME50', '/api/bonus/clear', '/api/wallet'])
      expect((await head(url)).statusCode, url).toBe(404);
    expect(await walletAmount(server, token)).toBe(100);
    expect((await active(token)).status).toBe(false);
    // the same call by GET is what a member's tap sends
    expect((await activate(token, 'FIRSTDEP100')).statusCode).toBe(200);
    expect(await walletAmount(server, token)).toBe(200);
  });

  it('refuses withdrawals until the turnover is played, then finishes the bonus by itself and lets the money go', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 100);
    expect((await activate(token, 'FIRSTDEP100')).json()).toMatchObject({ amount: 100, turnover: { target: 1000 } });
    const refused = await withdraw(token, 150);
    expect([refused.statusCode, message(refused)]).toEqual([400, 'BONUS_CONDITION']);
    expect(await walletAmount(server, token)).toBe(200);

    await play(server, token, 400);
    expect((await active(token)).turnover).toEqual({ target: 1000, progress: 400, remaining: 600 });
    expect(message(await withdraw(token, 150))).toBe('BONUS_CONDITION');

    await play(server, token, 600);
    expect((await active(token)).status).toBe(false);
    const { statements } = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 5 }, { token })).json();
    const ended = statements.find((s: { statementType: string }) => s.statementType === 'finish_bonus');
    expect(ended).toMatchObject({
      status: 'SUCCESS',
      amount: 0,
      bonus: { code: 'FIRSTDEP100', description: 'First deposit bonus 100%', finishReason: 'TURNOVER' },
    });
    await call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token });
    const out = await withdraw(token, 150);
    expect([out.statusCode, message(out)]).toEqual([200, 'SUCCESS']);
    // a once-per-member bonus stays received
    await operatorDeposit(server, phone, 200);
    expect(message(await activate(token, 'FIRSTDEP100'))).toBe('BONUS_MAX_CLAIMED');
  });

  it('finishes a reached turnover before the withdrawal is judged, even without looking at the bonus page', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 300);
    await activate(token, 'WEEKLY100');
    await play(server, token, 4000);
    await call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token });
    expect(message(await withdraw(token, 100))).toBe('SUCCESS');
  });

  it('counts a daily bonus per Bangkok day, across midnight', async () => {
    const saved = server.clock.now;
    const { phone, token } = await newMember(server);
    server.clock.now = MONDAY_BKK + DAY - 5 * MINUTE; // Monday 23:55
    await operatorDeposit(server, phone, 100);
    expect(message(await activate(token, 'DAILY10'))).toBe('SUCCESS');
    await play(server, token, 330);
    await operatorDeposit(server, phone, 100);
    server.clock.now = MONDAY_BKK + DAY - MINUTE; // 23:59, same day
    expect(message(await activate(token, 'DAILY10'))).toBe('BONUS_MAX_CLAIMED');
    server.clock.now = MONDAY_BKK + DAY; // Tuesday 00:00
    expect(message(await activate(token, 'DAILY10'))).toBe('SUCCESS');
    server.clock.now = saved;
  });

  it('counts a weekly bonus per week from Monday, Bangkok time', async () => {
    const saved = server.clock.now;
    const { phone, token } = await newMember(server);
    const receiveAndPlay = async (at: number) => {
      server.clock.now = at;
      await operatorDeposit(server, phone, 300);
      const res = await activate(token, 'WEEKLY100');
      if (res.statusCode === 200) await play(server, token, 4000);
      return message(res);
    };
    expect(await receiveAndPlay(MONDAY_BKK + 9 * 60 * MINUTE)).toBe('SUCCESS'); // Monday
    expect(await receiveAndPlay(MONDAY_BKK + 6 * DAY)).toBe('SUCCESS'); // Sunday 00:00
    expect(await receiveAndPlay(MONDAY_BKK + 7 * DAY - MINUTE)).toBe('BONUS_MAX_CLAIMED'); // Sunday 23:59
    expect(await receiveAndPlay(MONDAY_BKK + 7 * DAY)).toBe('SUCCESS'); // next Monday 00:00
    server.clock.now = saved;
  });

  it('says BONUS_FULL when the bonus budget is spent, and gives at most what is left of it', async () => {
    const db = server.ctx.database.db;
    const given = await db
      .selectFrom('member_bonuses')
      .select((eb) => eb.fn.sum<number>('amount').as('t'))
      .where('bonus_code', '=', 'DAILY10')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('bonuses')
      .set({ budget: Number(given.t) + 500 })
      .where('code', '=', 'DAILY10')
      .execute();
    const first = await newMember(server, 1000);
    expect((await activate(first.token, 'DAILY10')).json()).toMatchObject({ amount: 5 });
    const second = await newMember(server, 1000);
    const full = await activate(second.token, 'DAILY10');
    expect([full.statusCode, message(full)]).toEqual([400, 'BONUS_FULL']);
    expect(await walletAmount(server, second.token)).toBe(1000);
    await db.updateTable('bonuses').set({ budget: null }).where('code', '=', 'DAILY10').execute();
  });

  it('cancels only below the operator amount, taking back percentFail of the bonus from what is left', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 200);
    await activate(token, 'DAILY10'); // 20 baht, percentFail 50
    expect((await get(server, token, '/api/bonus/check/minimum')).json()).toEqual({ minimum: 5, balance: 220 });
    const kept = await get(server, token, '/api/bonus/clear');
    expect([kept.statusCode, message(kept)]).toEqual([400, 'BONUS_CLEAR_BALANCE']);
    expect(await walletAmount(server, token)).toBe(220);
    expect((await active(token)).status).toBe(true);

    await loseAllBut(server, token, 4);
    expect((await get(server, token, '/api/bonus/check/minimum')).json()).toEqual({ minimum: 5, balance: 4 });
    const cleared = await get(server, token, '/api/bonus/clear');
    expect(cleared.json()).toEqual({ message: 'BONUS_CLEAR', forfeited: 4 });
    expect(await walletAmount(server, token)).toBe(0);
    expect((await active(token)).status).toBe(false);
    const { statements } = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 1 }, { token })).json();
    expect(statements[0]).toMatchObject({ statementType: 'finish_bonus', amount: -4, bonus: { code: 'DAILY10', finishReason: 'CLEAR' } });
    const none = await get(server, token, '/api/bonus/clear');
    expect([none.statusCode, message(none)]).toEqual([404, 'NO_DATA']);
  });

  it('gives one bonus when five activations race, and answers a replayed key as the first time', async () => {
    const { token } = await newMember(server, 500);
    const results = await Promise.all(['DAILY10', 'DAILY10', 'WEEKLY100', 'FIRSTDEP100', 'DAILY10'].map((code) => activate(token, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map(message)).toEqual(Array(4).fill('BONUS_ALREADY_ACTIVE'));
    const won = results.find((r) => r.statusCode === 200)!.json();
    expect(await walletAmount(server, token)).toBe(500 + won.amount);

    const other = await newMember(server, 500);
    const key = { 'idempotency-key': 'bonus-replay-0001' };
    const first = await activate(other.token, 'DAILY10', key);
    const replay = await activate(other.token, 'DAILY10', key);
    expect([first.statusCode, replay.statusCode, replay.json()]).toEqual([200, 200, first.json()]);
    expect(await walletAmount(server, other.token)).toBe(550);
    const reused = await activate(other.token, 'WEEKLY100', key);
    expect([reused.statusCode, message(reused)]).toEqual([422, 'KEY_INVALID']);
  });

  it('never lets a withdrawal racing an activation take the bonus money, nor gives a bonus on money withdrawn', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { token } = await newMember(server, 200);
      const [bonus, out] = await Promise.all([activate(token, 'DAILY10'), withdraw(token, 200)]);
      const seen = [message(bonus), message(out), await walletAmount(server, token)];
      // either the bonus came first and held the withdrawal, or the withdrawal came first and no bonus rides on it
      expect([
        ['SUCCESS', 'BONUS_CONDITION', 220],
        ['BONUS_WITHDRAWN_SINCE', 'SUCCESS', 0],
      ]).toContainEqual(seen);
    }
  });

  it('gives a bonus on the latest deposit of at least its minimum, not on one withdrawn since', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 500);
    await operatorDeposit(server, phone, 50);
    expect((await activate(token, 'WEEKLY100')).json()).toMatchObject({ amount: 100, turnover: { target: 6000 } });
    await play(server, token, 6000);

    await operatorDeposit(server, phone, 400);
    await call(server.app, 'POST', '/api/wallet/transferAll', { to: 'WALLET' }, { token });
    const out = await withdraw(token, 400);
    expect(message(out)).toBe('SUCCESS');
    const refused = await activate(token, 'DAILY10');
    expect([refused.statusCode, message(refused)]).toEqual([400, 'BONUS_WITHDRAWN_SINCE']);
    // a rejected withdrawal gave the money back: the deposit counts again
    const pending = await server.ctx.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'PENDING')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await runCommand(server.ctx, ['withdrawal', 'reject', String(pending.id), '--reason', 'not paid: test'], () => undefined);
    expect((await activate(token, 'DAILY10')).json()).toMatchObject({ amount: 40 });
  });

  it('gives the first-deposit bonus only on the very first deposit', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 100);
    await activate(token, 'WEEKLY100').then((r) => expect(message(r)).toBe('BONUS_DEPOSIT_REQUIRED'));
    await operatorDeposit(server, phone, 300);
    // not "turnover not met" nor "deposit more": the cause is that it is not the first deposit
    const second = await activate(token, 'FIRSTDEP100');
    expect([second.statusCode, message(second)]).toEqual([400, 'BONUS_FIRST_DEPOSIT_ONLY']);
    expect(await walletAmount(server, token)).toBe(400);
    const first = await newMember(server, 100);
    expect(message(await activate(first.token, 'FIRSTDEP100'))).toBe('SUCCESS');
  });

  it('answers odd codes as unknown, on every database, without a server error', async () => {
    const { token } = await newMember(server);
    for (const code of ['%E0%B8%81', 'a%20b', 'x'.repeat(64), 'DAILY10%2F..']) {
      const res = await activate(token, code);
      expect([res.statusCode, message(res)], code).toEqual([404, 'NO_DATA']);
      const promo = await get(server, token, `/api/promotion/activate/${code}`);
      expect([promo.statusCode, message(promo)], code).toEqual([404, 'NO_PROMOTION']);
      const found = await get(server, token, `/api/promotion/find/${code}`);
      expect([found.statusCode, message(found)], code).toEqual([404, 'NO_PROMOTION']);
    }
    // a NUL is no text at all, on every route (nul.test.ts)
    for (const code of ['%00', 'A%00B']) {
      const res = await activate(token, code);
      expect([res.statusCode, message(res)], code).toEqual([400, 'KEY_INVALID']);
      const found = await get(server, token, `/api/promotion/find/${code}`);
      expect([found.statusCode, message(found)], code).toEqual([400, 'KEY_INVALID']);
    }
  });

  it('does not cancel on game balances a provider could not confirm', async () => {
    const { phone, token } = await newMember(server);
    await operatorDeposit(server, phone, 100);
    await activate(token, 'DAILY10');
    await loseAllBut(server, token, 1);
    await runCommand(server.ctx, ['settings', 'set', 'providerFaults', JSON.stringify({ PG: 'fail' })], () => undefined);
    await server.ctx.settings.refresh();
    const refused = await get(server, token, '/api/bonus/clear');
    expect([refused.statusCode, message(refused)]).toEqual([409, 'BALANCE_UNCONFIRMED']);
    expect((await active(token)).status).toBe(true);
    await runCommand(server.ctx, ['settings', 'set', 'providerFaults', '{}'], () => undefined);
    await server.ctx.settings.refresh();
    expect(message(await get(server, token, '/api/bonus/clear'))).toBe('BONUS_CLEAR');
  });

  it('states before receiving what each bonus would give and hold, or the cause that would refuse it', async () => {
    const { phone, token } = await newMember(server);
    const terms = async () =>
      Object.fromEntries(
        ((await get(server, token, '/api/bonus?lang=en')).json().bonuses as { code: string; terms: unknown }[]).map((b) => [
          b.code,
          b.terms,
        ]),
      );
    const refused = (code: string) => ({ amount: 0, turnover: 0, currency: 'BAHT', refusal: code });
    expect(await terms()).toEqual({
      FIRSTDEP100: refused('BONUS_DEPOSIT_REQUIRED'),
      DAILY10: refused('BONUS_DEPOSIT_REQUIRED'),
      WEEKLY100: refused('BONUS_DEPOSIT_REQUIRED'),
    });
    await operatorDeposit(server, phone, 200);
    expect(await terms()).toEqual({
      // 100% of 200 (up to 500), turnover 5 x (200 + 200); 10% of 200, 3 x (200 + 20); WEEKLY100 needs 300
      FIRSTDEP100: { amount: 200, turnover: 2000, currency: 'BAHT', refusal: null },
      DAILY10: { amount: 20, turnover: 660, currency: 'BAHT', refusal: null },
      WEEKLY100: refused('BONUS_DEPOSIT_REQUIRED'),
    });
    // what the terms said is what receiving gives
    expect((await activate(token, 'DAILY10')).json()).toMatchObject({ amount: 20, turnover: { target: 660 } });
  });

  it('refuses an offer that would give nothing with its own code, and changes nothing', async () => {
    const db = server.ctx.database.db;
    const { phone, token } = await newMember(server);
    // 1% of a deposit of 0.99 baht rounds down to nothing
    await db.updateTable('bonuses').set({ give_percent: 1, min_deposit: 0 }).where('code', '=', 'DAILY10').execute();
    try {
      await operatorDeposit(server, phone, 0.99);
      const zero = await activate(token, 'DAILY10');
      expect([zero.statusCode, message(zero)]).toEqual([400, 'BONUS_AMOUNT_ZERO']);
      expect(await walletAmount(server, token)).toBe(0.99);
      expect((await active(token)).status).toBe(false);
    } finally {
      await db.updateTable('bonuses').set({ give_percent: 10, min_deposit: 10_000 }).where('code', '=', 'DAILY10').execute();
    }
  });

  it('keeps the ledger balanced', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
  });
});

describe('promotion codes', () => {
  let server: TestServer;
  const find = (token: string, code: string, lang = 'en') =>
    get(server, token, `/api/promotion/find/${encodeURIComponent(code)}?lang=${lang}`);
  const activate = (token: string, code: string) => get(server, token, `/api/promotion/activate/${encodeURIComponent(code)}`);

  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('finds a code as typed in any case, and says NO_PROMOTION for an unknown or withdrawn one', async () => {
    const { token } = await newMember(server);
    const found = await find(token, 'welcome50');
    // the terms stated before receiving: 50 baht, and the whole balance held until 5 x 50 is played
    expect(found.json()).toEqual({
      code: 'WELCOME50',
      percentFail: 100,
      description: expect.stringContaining('50 baht'),
      terms: { amount: 50, turnover: 250, currency: 'BAHT', refusal: null },
    });
    expect((await find(token, 'NEWYEAR20')).json().terms).toEqual({
      amount: 0,
      turnover: 0,
      currency: 'BAHT',
      refusal: 'BONUS_DEPOSIT_REQUIRED',
    });
    expect((await find(token, 'WELCOME50', 'la')).json().description).toContain('ບາດ');
    const missing = await find(token, 'NO SUCH/CODE');
    expect([missing.statusCode, message(missing)]).toEqual([404, 'NO_PROMOTION']);
    await runCommand(server.ctx, ['promotion', 'disable', 'NEWYEAR20'], () => undefined);
    expect(message(await find(token, 'NEWYEAR20'))).toBe('NO_PROMOTION');
    await server.ctx.database.db.updateTable('promotions').set({ active: 1 }).where('code', '=', 'NEWYEAR20').execute();
  });

  it('gives a promotion with its turnover, once per member', async () => {
    const { token } = await newMember(server);
    const got = await activate(token, 'welcome50');
    expect(got.json()).toEqual({
      message: 'SUCCESS',
      code: 'WELCOME50',
      amount: 50,
      turnover: { target: 250, progress: 0, remaining: 250 },
    });
    expect((await get(server, token, '/api/bonus/check/active')).json()).toMatchObject({
      status: true,
      type: 'promotion',
      code: 'WELCOME50',
    });
    const current = (await get(server, token, '/api/promotion/current?lang=en')).json();
    expect(current.promotion).toMatchObject({ code: 'WELCOME50', percentFail: 100, amount: 50, turnover: { target: 250 } });
    expect(message(await call(server.app, 'POST', '/api/wallet/withdrawAll', { amount: 100 }, { token }))).toBe('BONUS_CONDITION');
    expect(message(await get(server, token, '/api/bonus/activate/WEEKLY100'))).toBe('BONUS_ALREADY_ACTIVE');
    await play(server, token, 250);
    expect((await get(server, token, '/api/promotion/current')).json()).toEqual({ promotion: null });
    const twice = await activate(token, 'WELCOME50');
    expect([twice.statusCode, message(twice)]).toEqual([409, 'PROMOTION_RECEIVED']);
    const { statements } = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 20 }, { token })).json();
    expect(
      statements
        .filter((s: { promotion?: unknown }) => s.promotion)
        .map((s: { statementType: string; amount: number }) => [s.statementType, s.amount]),
    ).toEqual([
      ['finish_bonus', 0],
      ['bonus', 50],
    ]);
  });

  it('needs a qualifying deposit for a percentage code, and stops at its total uses', async () => {
    const { phone, token } = await newMember(server);
    expect(message(await activate(token, 'NEWYEAR20'))).toBe('BONUS_DEPOSIT_REQUIRED');
    await operatorDeposit(server, phone, 2000);
    expect((await activate(token, 'NEWYEAR20')).json()).toMatchObject({ amount: 200, turnover: { target: 6600 } });
    await server.ctx.database.db.updateTable('promotions').set({ total_uses: 1 }).where('code', '=', 'NEWYEAR20').execute();
    const late = await newMember(server, 500);
    const full = await activate(late.token, 'NEWYEAR20');
    expect([full.statusCode, message(full)]).toEqual([400, 'PROMOTION_FULL']);
    expect(await walletAmount(server, late.token)).toBe(500);
  });

  it('gives one promotion when a member sends it five times at once', async () => {
    const { token } = await newMember(server);
    const results = await Promise.all(Array.from({ length: 5 }, () => activate(token, 'WELCOME50')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await walletAmount(server, token)).toBe(50);
    expect(await ledgerProblems(server)).toEqual([]);
  });
});

describe('bonuses on the Lao site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ variant: 'la' });
  });
  afterAll(() => server.close());

  it('gives bonuses in kip, and converts them for a member who chose baht', async () => {
    const kip = await newMember(server, 120_000, { currency: 'LAK' });
    // 100% of 120,000 kip, up to 300,000 kip (500 baht at 600 kip)
    expect((await get(server, kip.token, '/api/bonus/activate/FIRSTDEP100')).json()).toMatchObject({ amount: 120_000 });
    expect((await get(server, kip.token, '/api/bonus/check/minimum')).json()).toEqual({ minimum: 3000, balance: 240_000 });

    const baht = await newMember(server, 2000, { currency: 'BAHT' });
    // the cap of 300,000 kip is 500 baht for a baht member, not 300,000 baht
    expect((await get(server, baht.token, '/api/bonus/activate/FIRSTDEP100')).json()).toMatchObject({ amount: 500 });
    expect((await get(server, baht.token, '/api/bonus/check/minimum')).json()).toEqual({ minimum: 5, balance: 2500 });
    const list = (await get(server, baht.token, '/api/bonus?lang=en')).json();
    const weekly = list.bonuses.find((b: { code: string }) => b.code === 'WEEKLY100');
    expect(weekly.minDeposit).toBe(300);
    // its words too: the amounts the operator wrote in kip ({money:N}), said in the member's baht
    expect(weekly.html).toBe('<p>Deposit 300 baht or more and get <strong>100 baht</strong>, twice a week.</p><p>Turnover 10 times.</p>');
    const kipWeekly = (await get(server, kip.token, '/api/bonus?lang=la'))
      .json()
      .bonuses.find((b: { code: string }) => b.code === 'WEEKLY100');
    expect(kipWeekly.html).toContain('180,000 ກີບ');
    expect(
      (await get(server, baht.token, '/api/bonus?lang=th'))
        .json()
        .bonuses.map((b: { html: string }) => b.html)
        .join(),
    ).not.toMatch(/กีบ|\{money/);
    expect(await ledgerProblems(server)).toEqual([]);
  });
});
