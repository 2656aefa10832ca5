import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/operator/commands.js';
import { setSetting } from './deposit-helpers.js';
import { build, message, type TestServer } from './helper.js';
import { get, newMember } from './bonus-helpers.js';
import { addStaff, operator } from './staff-helpers.js';
import { until } from './chat-helpers.js';

/**
 * In production a bonus or a promotion code is added from the shell only by an admin (`--as`), and what it
 * may pay counts against that admin's allowance of the money policy, as a bonus's budget does in the
 * console: past it, it waits, not offered, for a second admin. One engineer at the shell never puts more
 * than the threshold within members' reach, at once or in small steps.
 */
describe('bonus and promotion add from the shell in production', () => {
  let server: TestServer;
  const db = () => server.ctx.database.db;
  const refusal = (args: string[]) =>
    operator(server, ...args).then(
      () => undefined,
      (err: unknown) => {
        expect(err, args.join(' ')).toBeInstanceOf(UsageError);
        return (err as Error).message;
      },
    );
  const credited = async (person: string) =>
    Number(
      (
        await db()
          .selectFrom('staff_credits')
          .select((eb) => eb.fn.sum<string>('amount').as('total'))
          .where('person', '=', person)
          .executeTakeFirstOrThrow()
      ).total ?? 0,
    );
  const bonusAdd = (code: string, budget: string, ...more: string[]) => [
    'bonus',
    'add',
    code,
    '--name',
    'โบนัส',
    '--name-en',
    `Bonus ${code}`,
    '--fixed',
    '50',
    '--budget',
    budget,
    ...more,
  ];
  const promotionAdd = (code: string, uses: string, ...more: string[]) => [
    'promotion',
    'add',
    code,
    '--description',
    'โปร',
    '--fixed',
    '100',
    '--uses',
    uses,
    ...more,
  ];
  const offeredBonus = async (token: string, code: string) =>
    ((await get(server, token, '/api/bonus?lang=en')).json() as { bonuses: { code: string }[] }).bonuses.some((b) => b.code === code);
  const audit = (target: string) =>
    db().selectFrom('audit_log').select(['action', 'actor_username']).where('target', '=', target).orderBy('id').execute();

  beforeAll(async () => {
    server = await build({ production: true });
    await addStaff(server, 'boss', 'admin');
    await addStaff(server, 'boss2', 'admin');
    await addStaff(server, 'fin', 'finance');
    // one person may put 2,000 baht within reach alone in 24 hours
    await setSetting(server, 'adjustments', { approvalAboveBaht: 2_000, approvalAboveKip: 1_000_000 });
  });
  afterAll(() => server.close());

  it("refuses the shell's own word, a clerk, and a bonus with no budget or reason; adds nothing", async () => {
    expect(await refusal(bonusAdd('SHELL', '100'))).toMatch(/an admin adds it \(--as <admin> --budget A --reason/);
    expect(await refusal(promotionAdd('SHELLP', '1'))).toMatch(/an admin adds it \(--as <admin> --uses N --reason/);
    expect(await refusal([...bonusAdd('CLERK', '100', '--reason', 'for the weekend'), '--as', 'fin'])).toMatch(/an admin's/);
    expect(await refusal([...promotionAdd('CLERKP', '1', '--reason', 'for the weekend'), '--as', 'fin'])).toMatch(/an admin's/);
    expect(
      await refusal(['bonus', 'add', 'NOBUDGET', '--name', 'x', '--fixed', '5', '--reason', 'for the weekend', '--as', 'boss']),
    ).toMatch(/--budget A is needed/);
    expect(await refusal([...bonusAdd('NOREASON', '100'), '--as', 'boss'])).toMatch(/needs a reason/);
    expect(
      await refusal(['promotion', 'add', 'NOUSES', '--description', 'x', '--fixed', '5', '--reason', 'for the weekend', '--as', 'boss']),
    ).toMatch(/--uses N is needed/);
    // amounts as plain decimals: not hex, an exponent or spaces
    for (const typed of ['0x10', '1e2', ' 10 '])
      expect(
        await refusal([
          'promotion',
          'add',
          'TYPED',
          '--description',
          'x',
          '--fixed',
          typed,
          '--uses',
          '1',
          '--reason',
          'a try',
          '--as',
          'boss',
        ]),
      ).toMatch(/--fixed must be an amount in BAHT/);
    expect(await refusal([...bonusAdd('BANNER', '100', '--reason', 'for the weekend', '--image', '/x.svg'), '--as', 'boss'])).toMatch(
      /--image is the demo shell's/,
    );
    const codes = ['SHELL', 'CLERK', 'NOBUDGET', 'NOREASON', 'BANNER', 'TYPED'];
    expect(await db().selectFrom('bonuses').select('code').where('code', 'in', codes).execute()).toEqual([]);
    expect(await db().selectFrom('bonus_changes').select('code').where('code', 'in', codes).execute()).toEqual([]);
    expect(
      await db().selectFrom('promotions').select('code').where('code', 'in', ['SHELLP', 'CLERKP', 'NOUSES', 'TYPED']).execute(),
    ).toEqual([]);
    expect(await credited('boss')).toBe(0);
  });

  it('a bonus within the allowance is offered and counted; the next small one past it waits for a second admin', async () => {
    const { token } = await newMember(server);
    expect(await operator(server, ...bonusAdd('SMALL1', '1500', '--reason', 'weekend event'), '--as', 'boss')).toEqual([
      'bonus SMALL1 added and offered to members; its budget of 1500 BAHT counts against your allowance',
    ]);
    expect(await offeredBonus(token, 'SMALL1')).toBe(true);
    expect(await credited('boss')).toBe(150_000);

    // 1,500 + 1,000 passes the 2,000 of 24 hours: the second waits, not offered
    expect(await operator(server, ...bonusAdd('SMALL2', '1000', '--reason', 'weekend event'), '--as', 'boss')).toEqual([
      expect.stringMatching(
        /^bonus SMALL2 waits for a second admin \(with your credits of the last 24 hours .*bonus approve SMALL2 --as <another admin>/,
      ),
    ]);
    expect(await offeredBonus(token, 'SMALL2')).toBe(false);
    expect((await operator(server, 'bonus', 'list')).find((l) => l.startsWith('waiting'))).toMatch(
      /^waiting for a second admin: add SMALL2, budget \+1000 BAHT, by cli:boss .*: weekend event/,
    );
    expect(await refusal(['bonus', 'approve', 'SMALL2', '--as', 'boss'])).toMatch(/you proposed this change yourself/);
    expect(await refusal(['bonus', 'approve', 'SMALL2', '--as', 'fin'])).toMatch(/an admin's/);
    expect(await refusal(['bonus', 'approve', 'SMALL2'])).toMatch(/needs --as <admin>/);
    expect(await operator(server, 'bonus', 'approve', 'SMALL2', '--as', 'boss2')).toEqual([
      'bonus SMALL2: the new bonus is offered to members, counted against no one',
    ]);
    expect(await offeredBonus(token, 'SMALL2')).toBe(true);
    expect([await credited('boss'), await credited('boss2')]).toEqual([150_000, 0]);
    expect(await refusal(['bonus', 'approve', 'SMALL2', '--as', 'boss2'])).toMatch(/no change of this bonus waits/);
    expect(await audit('bonus:SMALL2')).toEqual([
      { action: 'bonus.propose', actor_username: 'boss' },
      { action: 'bonus.approve', actor_username: 'boss2' },
    ]);

    // a budget above the threshold waits whatever was used; the proposer may withdraw it
    expect(await operator(server, ...bonusAdd('BIG', '5000', '--reason', 'new year'), '--as', 'boss2')).toEqual([
      expect.stringMatching(/^bonus BIG waits for a second admin \(its budget is above the threshold\)/),
    ]);
    expect(await refusal(['bonus', 'reject', 'BIG', '--as', 'boss2'])).toMatch(/3 to 500 characters \(a rejection needs one\)/);
    expect(await operator(server, 'bonus', 'reject', 'BIG', '--reason', 'too large', '--as', 'boss2')).toEqual([
      'bonus BIG: the new bonus is rejected; nothing changed',
    ]);
    expect(await db().selectFrom('bonuses').select('code').where('code', '=', 'BIG').execute()).toEqual([]);
  });

  it('a promotion is judged by its uses at their most: within the allowance offered, past it waiting until a second admin', async () => {
    const { token } = await newMember(server);
    const find = async (code: string) => message(await get(server, token, `/api/promotion/find/${code}`));
    // 15 uses of at most 100 baht: 1,500 within boss2's 2,000
    expect(await operator(server, ...promotionAdd('FIFTEEN', '15', '--reason', 'shop opening'), '--as', 'boss2')).toEqual([
      'promotion FIFTEEN added: members can find and receive it; the most it may pay, 1500 BAHT, counts against your allowance',
    ]);
    expect(await find('FIFTEEN')).not.toBe('NO_PROMOTION');
    expect(await credited('boss2')).toBe(150_000);

    // 10 more uses (1,000) pass the 2,000 of 24 hours: not offered until another admin approves
    expect(await operator(server, ...promotionAdd('TEN', '10', '--reason', 'shop opening'), '--as', 'boss2')).toEqual([
      expect.stringMatching(
        /^promotion TEN waits for a second admin, not offered meanwhile \(the most it may pay, 1000 BAHT, with your credits/,
      ),
    ]);
    expect(await find('TEN')).toBe('NO_PROMOTION');
    expect((await operator(server, 'promotion', 'list')).find((l) => l.startsWith('TEN'))).toMatch(
      /^TEN\twaits for a second admin \(cli:boss2\)\t100\t/,
    );
    expect((await operator(server, 'promotion', 'list')).find((l) => l.startsWith('waiting'))).toMatch(
      /^waiting for a second admin: TEN, the most it may pay 1000 BAHT \(past its adder's 24 hours\), by cli:boss2 \S+: shop opening/,
    );
    expect(await refusal(['promotion', 'approve', 'TEN', '--as', 'boss2'])).toMatch(/you added this promotion yourself/);
    // an approval's note is held to a reason's length; a --reason with no value is said so
    expect(await refusal(['promotion', 'approve', 'TEN', '--reason', 'x'.repeat(501), '--as', 'boss'])).toMatch(/3 to 500 characters/);
    expect(await refusal(['promotion', 'approve', 'TEN', '--reason', '--as', 'boss'])).toMatch(
      /--reason needs a value of 3 to 500 characters/,
    );
    expect(await refusal(['promotion', 'approve', 'TEN', '--as', 'fin'])).toMatch(/an admin's/);
    expect(await operator(server, 'promotion', 'approve', 'TEN', '--as', 'boss')).toEqual([
      'promotion TEN approved: members can find and receive it, counted against no one',
    ]);
    expect(await find('TEN')).not.toBe('NO_PROMOTION');
    expect(await credited('boss2')).toBe(150_000);
    expect(await audit('promotion:TEN')).toEqual([
      { action: 'promotion.propose', actor_username: 'boss2' },
      { action: 'promotion.approve', actor_username: 'boss' },
    ]);

    // stopped while it waits, it is never approved later; rejected, the same
    await operator(server, ...promotionAdd('STOPPED', '100', '--reason', 'too many'), '--as', 'boss');
    await operator(server, 'promotion', 'disable', 'STOPPED');
    const [stopped] = await db()
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('target', '=', 'promotion:STOPPED')
      .where('action', '=', 'promotion.disable')
      .execute();
    expect([JSON.parse(stopped!.before_json!), JSON.parse(stopped!.after_json!)]).toEqual([
      { active: false, waitedForSecondAdmin: true, proposedBy: 'cli:boss' },
      { active: false, waitedForSecondAdmin: false },
    ]);
    expect(await refusal(['promotion', 'approve', 'STOPPED', '--as', 'boss2'])).toMatch(/no promotion with this code waits/);
    await operator(server, ...promotionAdd('WITHDRAWN', '100', '--reason', 'too many'), '--as', 'boss');
    expect(await operator(server, 'promotion', 'reject', 'WITHDRAWN', '--reason', 'my mistake', '--as', 'boss')).toEqual([
      'promotion WITHDRAWN rejected: it is not offered',
    ]);
    expect(await refusal(['promotion', 'approve', 'WITHDRAWN', '--as', 'boss2'])).toMatch(/no promotion with this code waits/);
    expect([await find('STOPPED'), await find('WITHDRAWN')]).toEqual(['NO_PROMOTION', 'NO_PROMOTION']);
    expect(await refusal([...promotionAdd('TEN', '1', '--reason', 'again'), '--as', 'boss'])).toMatch(/exists already/);
  });

  it('twenty adds of one code at once by two admins make one promotion and count one', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        operator(server, ...promotionAdd('RACE', '1', '--reason', 'a race'), '--as', i % 2 ? 'boss' : 'boss2'),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/exists already/);
    const counted = await db().selectFrom('staff_credits').select('amount').where('source', '=', 'promotion:RACE').execute();
    expect(counted.map((c) => Number(c.amount))).toEqual([10_000]);
  });

  it('an add that meets another add of its code mid-way is refused, and its credit goes with it', async () => {
    let adding: Promise<unknown> | undefined;
    await db()
      .transaction()
      .execute(async (trx) => {
        // another add of RACE2, not yet committed: the CLI's add does not see it, counts its credit, then meets it
        await trx
          .insertInto('promotions')
          .values({
            code: 'RACE2',
            description: JSON.stringify({ th: 'x', la: 'x', en: 'x' }),
            percent_fail: 100,
            give_percent: null,
            give_max: null,
            give_fixed: 10_000,
            min_deposit: 0,
            turnover_multiple: 1,
            total_uses: 1,
            active: 0,
            created_at: 0,
          })
          .execute();
        adding = operator(server, ...promotionAdd('RACE2', '1', '--reason', 'a race'), '--as', 'boss').then(
          () => undefined,
          (err: unknown) => err,
        );
        // until its insert waits on this one's row (the unique index), then this one commits
        await until(
          async () => {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like 'insert into "promotions"%'`.execute(db());
            return rows[0]!.n > 0;
          },
          15_000,
          "the CLI's insert to wait on the other add",
        );
      });
    expect(String(await adding)).toMatch(/exists already/);
    expect(await db().selectFrom('staff_credits').select('id').where('source', '=', 'promotion:RACE2').execute()).toEqual([]);
  });
});
