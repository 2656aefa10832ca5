import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, UsageError } from '../src/operator/commands.js';
import { build, message, type TestServer } from './helper.js';
import { get, newMember, play } from './bonus-helpers.js';

describe('bonus operator commands', () => {
  let server: TestServer;
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    await runCommand(server.ctx, args, (l) => lines.push(l));
    return lines;
  };

  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('adds a bonus members can receive, lists it with what was given, and disables it', async () => {
    const added = await run(
      'bonus',
      'add',
      'SONGKRAN',
      '--name',
      'สงกรานต์',
      '--name-en',
      'Songkran 50',
      '--fixed',
      '50',
      '--type',
      'day',
      '--turnover',
      '2',
    );
    expect(added).toEqual(['bonus SONGKRAN added and offered to members']);
    const { phone, token } = await newMember(server);
    const list = (await get(server, token, '/api/bonus?lang=en')).json();
    expect(list.bonuses.at(-1)).toMatchObject({ code: 'SONGKRAN', name: 'Songkran 50', type: 'day', minDeposit: 0, turnoverMultiple: 2 });
    expect(list.bonuses.at(-1).notice).toContain('{percentFail}');
    expect((await get(server, token, '/api/bonus/activate/SONGKRAN')).json()).toMatchObject({ amount: 50, turnover: { target: 100 } });
    expect((await run('bonus', 'list')).find((l) => l.startsWith('SONGKRAN'))).toMatch(/^SONGKRAN\tyes\tday\t1\t50\t0\t2\t-\t50 BAHT\t1\t/);

    await play(server, token, 30);
    await get(server, token, '/api/bonus/check/active');
    expect(await run('turnover', phone)).toEqual([
      expect.stringMatching(new RegExp(`^${phone} active: bonus SONGKRAN of 50 BAHT, received `)),
      'turnover 30 of 100 BAHT (70 to play); withdrawals wait until then',
    ]);

    expect(await run('bonus', 'disable', 'SONGKRAN')).toEqual([
      'bonus SONGKRAN is no longer offered; members who hold it keep it until its turnover or cancel',
    ]);
    const other = await newMember(server);
    expect(message(await get(server, other.token, '/api/bonus/activate/SONGKRAN'))).toBe('NO_DATA');
  });

  it('adds and disables promotion codes', async () => {
    expect(
      await run(
        'promotion',
        'add',
        'VIP200',
        '--description',
        'VIP',
        '--percent',
        '10',
        '--max',
        '200',
        '--min-deposit',
        '100',
        '--uses',
        '5',
      ),
    ).toEqual(['promotion VIP200 added: members can find and receive it']);
    expect((await run('promotion', 'list')).find((l) => l.startsWith('VIP200'))).toBe('VIP200\tyes\t10% up to 200\t100\t1\t0 / 5');
    const { token } = await newMember(server);
    expect((await get(server, token, '/api/promotion/find/vip200')).json()).toEqual({
      code: 'VIP200',
      percentFail: 100,
      description: 'VIP',
      // a percentage code: no deposit yet, so receiving it now would be refused, and the terms say why
      terms: { amount: 0, turnover: 0, currency: 'BAHT', refusal: 'BONUS_DEPOSIT_REQUIRED' },
    });
    await run('promotion', 'disable', 'VIP200');
    expect(message(await get(server, token, '/api/promotion/find/VIP200'))).toBe('NO_PROMOTION');
  });

  it('refuses what it cannot add, saying why, and adds nothing', async () => {
    const refusals: [string[], RegExp][] = [
      [['bonus', 'add', 'lower', '--name', 'x', '--fixed', '5'], /capital letters/],
      [
        ['bonus', 'add', 'BOTH', '--name', 'x', '--fixed', '5', '--percent', '10', '--max', '5'],
        /either --percent P --max M, or --fixed F/,
      ],
      [['bonus', 'add', 'NONAME', '--fixed', '5'], /--name is needed/],
      [['bonus', 'add', 'BADTYPE', '--name', 'x', '--fixed', '5', '--type', 'month'], /--type must be limit, day or week/],
      [['bonus', 'add', 'FIRSTDEP100', '--name', 'x', '--fixed', '5'], /exists already/],
      [['promotion', 'add', 'P1', '--description', 'x', '--fixed', '1.005'], /--fixed must be an amount/],
      // members would read the braces of a placeholder that is not {money:N}
      [
        ['promotion', 'add', 'P2', '--description', 'x', '--description-en', 'Get {money:fifty}', '--fixed', '5'],
        /"\{money:fifty\}" is not an amount/,
      ],
      [['bonus', 'add', 'BRACES', '--name', 'Get {money:50', '--fixed', '5'], /--name: "\{money:50" is not an amount/],
      [['promotion', 'disable', 'NOPE'], /no promotion NOPE/],
      [['turnover', '0899999999'], /no member/],
    ];
    for (const [args, reason] of refusals) {
      const failure = await run(...args).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure, args.join(' ')).toBeInstanceOf(UsageError);
      expect((failure as Error).message).toMatch(reason);
    }
    const codes = (await server.ctx.database.db.selectFrom('bonuses').select('code').execute()).map((b) => b.code);
    expect(codes).not.toContain('BOTH');
    expect(codes).not.toContain('NONAME');
    expect(codes).not.toContain('BRACES');
    expect((await server.ctx.database.db.selectFrom('promotions').select('code').execute()).map((p) => p.code)).not.toContain('P2');
  });
});
