import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, message, type TestServer } from './helper.js';
import { get, newMember, walletAmount } from './bonus-helpers.js';
import { claimOf, couponsOf, onlyWheel, operator, spinOf } from './spin-helpers.js';

const DAY = 24 * 60 * 60 * 1000;

describe('spin-wheel coupons', () => {
  let server: TestServer;
  /** Spins once on a wheel that can only draw `code`; answers the coupon won. */
  const win = async (token: string, phone: string, code: Parameters<typeof onlyWheel>[0]) => {
    await operator(server, 'wheel', 'set', onlyWheel(code));
    await operator(server, 'coins', 'grant', phone, '1');
    const res = await spinOf(server, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.coupon as number;
  };

  beforeAll(async () => {
    server = await build({ providerTimeoutMs: 300 });
  });
  afterAll(() => server.close());

  it('makes no coupon for a "nothing" slice; a cash coupon is claimed once into the wallet, with a luckydraw statement entry', async () => {
    const { phone, token } = await newMember(server);
    expect(await win(token, phone, 'NOTHING')).toBeNull();
    expect(await couponsOf(server, token)).toEqual({ coupons: [], total: 0 });
    const coupon = await win(token, phone, 'CASH30');
    const listed = await couponsOf(server, token);
    expect(listed.total).toBe(1);
    expect(listed.coupons[0]).toMatchObject({
      _id: coupon,
      type: 'cash',
      amount: 30,
      claimed: false,
      expired: false,
      prize: { name: 'Test wheel', slice: { code: 'CASH30', label: '30 baht' } },
    });
    const claimed = await claimOf(server, token, coupon);
    expect([claimed.statusCode, claimed.json()]).toEqual([200, { message: 'SUCCESS', coupon, type: 'cash', amount: 30 }]);
    expect(await walletAmount(server, token)).toBe(30);
    const again = await claimOf(server, token, String(coupon));
    expect([again.statusCode, message(again)]).toEqual([404, 'NO_CLAIMABLE_COUPON']);
    expect(await walletAmount(server, token)).toBe(30);
    expect((await couponsOf(server, token)).coupons[0]).toMatchObject({ claimed: true });
    const described = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 1 }, { token })).json();
    expect(described.statements[0]).toMatchObject({
      statementType: 'bonus',
      status: 'SUCCESS',
      amount: 30,
      from: 'LUCKYDRAW',
      to: 'WALLET',
      luckydraw: { coupon, code: 'CASH30', description: 'Test wheel: 30 baht' },
    });
  });

  it('pays a coupon once when ten claims arrive at once, and replays a claim key', async () => {
    const { phone, token } = await newMember(server);
    const coupon = await win(token, phone, 'CASH30');
    const results = await Promise.all(Array.from({ length: 10 }, () => claimOf(server, token, coupon)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map(message)).toEqual(Array(9).fill('NO_CLAIMABLE_COUPON'));
    expect(await walletAmount(server, token)).toBe(30);
    const next = await win(token, phone, 'CASH30');
    const first = await claimOf(server, token, next, 'claim-key-0001');
    expect((await claimOf(server, token, next, 'claim-key-0001')).json()).toEqual(first.json());
    expect(await walletAmount(server, token)).toBe(60);
  });

  it('gives a bonus coupon through the bonus rules (turnover), and refuses BONUS_REMAINING while one is active', async () => {
    const { phone, token } = await newMember(server);
    const one = await win(token, phone, 'BONUS');
    const two = await win(token, phone, 'BONUS');
    expect((await claimOf(server, token, one)).json()).toEqual({ message: 'SUCCESS', coupon: one, type: 'bonus', amount: 50 });
    expect((await get(server, token, '/api/bonus/check/active')).json()).toMatchObject({
      status: true,
      code: 'SPINBONUS50',
      amount: 50,
      turnover: { target: 150 },
    });
    const refused = await claimOf(server, token, two);
    expect([refused.statusCode, message(refused)]).toEqual([409, 'BONUS_REMAINING']);
    expect(await walletAmount(server, token)).toBe(50);
    const { statements } = (await call(server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 1 }, { token })).json();
    expect(statements[0]).toMatchObject({ amount: 50, bonus: { code: 'SPINBONUS50' }, luckydraw: { coupon: one, code: 'BONUS' } });
  });

  it('refuses with each coupon code and changes nothing', async () => {
    const { phone, token } = await newMember(server);
    const other = await newMember(server);
    const theirs = await win(other.token, other.phone, 'CASH30');
    const expect4xx = async (coupon: unknown, status: number, code: string) => {
      const res = await claimOf(server, token, coupon);
      expect([res.statusCode, message(res)], String(coupon)).toEqual([status, code]);
    };
    for (const bad of ['abc', '12x', '', -1, 0, 1.5, 3_000_000_000, '999999999999'])
      await expect4xx(bad, 400, bad === 1.5 ? 'KEY_INVALID' : 'INVALID_CODE');
    await expect4xx(theirs, 404, 'NO_CLAIMABLE_COUPON');
    await expect4xx(999_999, 404, 'NO_CLAIMABLE_COUPON');
    const item = await win(token, phone, 'ITEM');
    await expect4xx(item, 400, 'INVALID_COUPON_TYPE');
    await operator(server, 'bonus', 'add', 'SPINTEMP', '--name', 'Temp', '--fixed', '5');
    const temp = await win(token, phone, 'TEMP');
    await server.ctx.database.db.deleteFrom('bonuses').where('code', '=', 'SPINTEMP').execute();
    await expect4xx(temp, 400, 'INVALID_PRIZE_CODE');
    const late = await win(token, phone, 'CASH30');
    const saved = server.clock.now;
    server.clock.now += 7 * DAY - 1;
    expect((await couponsOf(server, token)).coupons[0]).toMatchObject({ _id: late, expired: false });
    server.clock.now += 1;
    expect((await couponsOf(server, token)).coupons[0]).toMatchObject({ _id: late, expired: true, claimed: false });
    await expect4xx(late, 400, 'COUPON_EXPIRED');
    server.clock.now = saved;
    expect(await walletAmount(server, token)).toBe(0);
    expect((await get(server, token, '/api/bonus/check/active')).json().status).toBe(false);
    // 3 a page, newest first
    const page1 = await couponsOf(server, token, 1);
    const page2 = await couponsOf(server, token, 2);
    expect([page1.total, page1.coupons.length, page2.coupons.length]).toEqual([3, 3, 0]);
    expect(page1.coupons.map((c) => c._id)).toEqual([late, temp, item]);
  });
});
