import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DEMO_MEMBER, DIALECTS, type TestServer } from './helper.js';

describe.each(DIALECTS)('bonus tables and seed on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.ctx.database.db;

  beforeAll(async () => {
    server = await build(dialect);
  });
  afterAll(() => server.close());

  it('seeds a first-deposit, a daily and a weekly bonus with texts in three languages and drawn banners', async () => {
    const bonuses = await db().selectFrom('bonuses').selectAll().orderBy('sort').execute();
    expect(bonuses.map((b) => [b.code, b.type, Number(b.max_received)])).toEqual([
      ['FIRSTDEP100', 'limit', 1],
      ['DAILY10', 'day', 1],
      ['WEEKLY100', 'week', 2],
    ]);
    const [first, daily, weekly] = bonuses;
    expect([Number(first!.give_percent), Number(first!.give_max), Number(first!.min_deposit), Number(first!.turnover_multiple)]).toEqual([
      100, 50_000, 10_000, 5,
    ]);
    expect([Number(daily!.give_percent), Number(daily!.give_max), Number(daily!.min_deposit), Number(daily!.turnover_multiple)]).toEqual([
      10, 30_000, 10_000, 3,
    ]);
    expect([Number(weekly!.give_fixed), Number(weekly!.min_deposit), Number(weekly!.turnover_multiple)]).toEqual([10_000, 30_000, 10]);
    for (const b of bonuses) {
      for (const field of [b.name, b.html, b.notice]) {
        const text = JSON.parse(field) as Record<string, string>;
        expect(Object.keys(text).sort()).toEqual(['en', 'la', 'th']);
      }
      expect(JSON.parse(b.notice).th).toContain('{percentFail}');
      const banners = JSON.parse(b.banners) as { image: string }[];
      expect(banners[0]!.image).toMatch(/^\/bonus\/[a-z-]+\.svg$/);
    }
    expect(server.ctx.settings.get('bonus')).toEqual({ clearBelow: 5 });
  });

  it('holds one active bonus per member in the database, whatever races', async () => {
    const member = await db().selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const row = (active: number) => ({
      member_id: member.id,
      bonus_code: 'DAILY10',
      amount: 1000,
      deposit_journal_id: null,
      journal_id: null,
      turnover_target: 33_000,
      turnover_base: 0,
      active,
      received_at: server.clock.now,
      finished_at: null,
      finish_reason: null,
    });
    const results = await Promise.allSettled([
      db().insertInto('member_bonuses').values(row(1)).execute(),
      db().insertInto('member_bonuses').values(row(1)).execute(),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // finished ones are not limited
    await db().insertInto('member_bonuses').values(row(0)).execute();
    await db().insertInto('member_bonuses').values(row(0)).execute();
    const rows = await db().selectFrom('member_bonuses').select('active').where('member_id', '=', member.id).execute();
    expect(rows.map((r) => Number(r.active)).sort()).toEqual([0, 0, 1]);
  });

  it('refuses a bonus that gives both a percentage and a fixed amount', async () => {
    const bad = { ...(await db().selectFrom('bonuses').selectAll().where('code', '=', 'DAILY10').executeTakeFirstOrThrow()) } as Record<
      string,
      unknown
    >;
    delete bad.id;
    await expect(
      db()
        .insertInto('bonuses')
        .values({ ...(bad as object), code: 'BAD', give_fixed: 100 } as never)
        .execute(),
    ).rejects.toThrow();
  });
});
