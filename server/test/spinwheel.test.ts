import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, login, message, type TestServer } from './helper.js';
import { get, newMember } from './bonus-helpers.js';
import { ledgerProblems, statementOf } from './deposit-helpers.js';
import { onlyWheel, operator, profileCoins, spinOf } from './spin-helpers.js';

describe('the spin wheel', () => {
  let server: TestServer;
  /** A new member with `coins` coins from the operator. */
  const withCoins = async (coins: number) => {
    const m = await newMember(server);
    if (coins) await operator(server, 'coins', 'grant', m.phone, String(coins));
    return m;
  };
  const spinsOf = async (phone: string) => {
    const row = await server.ctx.database.db
      .selectFrom('spins')
      .innerJoin('members', 'members.id', 'spins.member_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('members.phone', '=', phone)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('offers the demo wheel: eight slices in the asked language, with the member coins', async () => {
    const token = await login(server.app);
    expect((await get(server, token, '/api/spinwheel/active')).json()).toEqual({ isActive: true });
    const { result } = (await get(server, token, '/api/spinwheel/setup?lang=en')).json();
    expect(result.userCoin).toBe(5);
    const badPage = await get(server, token, '/api/spinwheel/coupon?page=0');
    expect([badPage.statusCode, message(badPage)]).toEqual([400, 'KEY_INVALID']);
    expect(result.activeSpinwheel.name).toBe('Lucky wheel');
    expect(result.activeSpinwheel.slice.map((s: { code: string; label: string }) => [s.code, s.label])).toEqual([
      ['CASH5', '5 baht'],
      ['TRY_AGAIN', 'Try again'],
      ['CASH10', '10 baht'],
      ['BONUS50', '50 baht bonus'],
      ['CASH20', '20 baht'],
      ['TRY_AGAIN_2', 'Try again'],
      ['CASH50', '50 baht'],
      ['CASH100', '100 baht'],
    ]);
    expect(result.activeSpinwheel.slice[0]).toEqual({
      code: 'CASH5',
      label: '5 baht',
      bgColor: '#C62828',
      textColor: '#FFFFFF',
      htmlDescription: '<p><strong>5 baht</strong> cash straight to your wallet.</p>',
    });
    const thai = (await get(server, token, '/api/spinwheel/setup?lang=th')).json();
    expect(thai.result.activeSpinwheel.slice[1].label).toBe('ลองใหม่อีกครั้ง');
    const lao = (await get(server, token, '/api/spinwheel/setup?lang=la')).json();
    expect(lao.result.activeSpinwheel.name).toBe('ວົງລໍ້ນຳໂຊກ');
  });

  it('costs one coin a spin, answers a replayed key as the first time, and refuses NO_COIN at zero', async () => {
    const { phone, token } = await withCoins(2);
    const first = await spinOf(server, token, 'spin-key-0001');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, error: null, result: { remainingCoin: 1 } });
    const { result } = (await get(server, token, '/api/spinwheel/setup?lang=en')).json();
    const drawn = result.activeSpinwheel.slice.find((s: { code: string }) => s.code === body.result.code);
    expect(body.result.label).toBe(drawn.label);
    expect(body.result.coupon === null).toBe(drawn.label === 'Try again');
    expect((await spinOf(server, token, 'spin-key-0001')).json()).toEqual(body);
    expect(await profileCoins(server, token)).toBe(1);
    expect((await spinOf(server, token)).json().result.remainingCoin).toBe(0);
    const refused = await spinOf(server, token);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'NO_COIN', success: false, error: 'NO_COIN', result: null }]);
    expect(await profileCoins(server, token)).toBe(0);
    expect(await spinsOf(phone)).toBe(2);
  });

  it('spins once when ten spins arrive at once with one coin', async () => {
    const { phone, token } = await withCoins(1);
    const results = await Promise.all(Array.from({ length: 10 }, () => spinOf(server, token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map(message)).toEqual(Array(9).fill('NO_COIN'));
    expect(await profileCoins(server, token)).toBe(0);
    expect(await spinsOf(phone)).toBe(1);
  });

  it('hides the wheel and refuses spins while the operator has it off, keeping the coin', async () => {
    const { token } = await withCoins(1);
    await operator(server, 'wheel', 'off');
    expect((await get(server, token, '/api/spinwheel/active')).json()).toEqual({ isActive: false });
    expect((await get(server, token, '/api/spinwheel/setup')).json()).toEqual({ result: { activeSpinwheel: null, userCoin: 1 } });
    const res = await spinOf(server, token);
    expect([res.statusCode, res.json().error]).toEqual([403, 'SPINWHEEL_INACTIVE']);
    expect(await profileCoins(server, token)).toBe(1);
    await operator(server, 'wheel', 'on');
    expect((await spinOf(server, token)).statusCode).toBe(200);
  });

  it('validates a wheel the operator sets, and shows it', async () => {
    const wheel = JSON.parse(onlyWheel('CASH30'));
    const refusals: [unknown, RegExp][] = [
      [{ ...wheel, slices: [wheel.slices[0], wheel.slices[0]] }, /appears twice/],
      [{ ...wheel, slices: wheel.slices.map((s: object) => ({ ...s, weight: 0 })) }, /weight above 0/],
      [
        { ...wheel, slices: [...wheel.slices, { ...wheel.slices[1], code: 'X', prize: { type: 'bonus', bonus: 'NOPE' } }] },
        /no bonus NOPE/,
      ],
      [
        { ...wheel, slices: [...wheel.slices, { ...wheel.slices[1], code: 'X', prize: { type: 'bonus', bonus: 'DAILY10' } }] },
        /fixed amount/,
      ],
      [{ ...wheel, slices: [{ ...wheel.slices[0], bgColor: 'red' }, wheel.slices[1]] }, /bgColor/],
      [{ ...wheel, slices: [{ ...wheel.slices[0], prize: { type: 'cash', amount: 1.001 } }, wheel.slices[1]] }, /not an amount/],
      [{ ...wheel, slices: [wheel.slices[0]] }, /slices/],
      // members would read the braces of a placeholder that is not {money:N}
      [{ ...wheel, slices: [{ ...wheel.slices[0], label: 'Win {money:abc}' }, wheel.slices[1]] }, /"\{money:abc\}" is not an amount/],
      [
        { ...wheel, slices: [wheel.slices[0], { ...wheel.slices[1], html: { th: 'ได้ {money:30}', en: 'Win {money: 30}' } }] },
        /"\{money: 30\}" is not an amount/,
      ],
    ];
    for (const [value, reason] of refusals) await expect(operator(server, 'wheel', 'set', JSON.stringify(value))).rejects.toThrow(reason);
    await expect(operator(server, 'wheel', 'set', '{not json')).rejects.toThrow(/not valid JSON/);
    expect(await operator(server, 'wheel', 'set', onlyWheel('CASH30'))).toEqual([
      'wheel set: 4 slices; new spins draw on it, coupons already won keep their prize',
    ]);
    const shown = await operator(server, 'wheel', 'show');
    expect(shown[0]).toBe('wheel: on; coupons expire 7 day(s) after the spin');
    expect(shown[1]).toBe('CASH30\tcash\tweight 1 (100.00%)\tCASH30');
    expect(JSON.parse(shown.at(-1)!).slices[0]).toMatchObject({ code: 'CASH30', weight: 1, prize: { type: 'cash', amount: 30 } });
  });

  it('keeps the ledger balanced for baht and coins', async () => {
    expect(await ledgerProblems(server)).toEqual([]);
    const spent = await server.ctx.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', 'house:coins_spent:COIN')
      .executeTakeFirstOrThrow();
    expect(Number(spent.balance)).toBe(
      Number(
        (
          await server.ctx.database.db
            .selectFrom('spins')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const { statements } = await statementOf(server, await login(server.app));
    expect(statements).toEqual([]);
  });
});
