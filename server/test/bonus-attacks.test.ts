import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BonusChangeView, BonusDraft } from '../../contract/staff-bonuses.js';
import { message } from './helper.js';
import { bonusDraft as draft, get } from './bonus-helpers.js';
import { queueServer } from './staff-queue-helpers.js';
import { signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';
import { newPolicyDay } from './adjustment-helpers.js';

describe('staff bonuses under attack (issue 39 review)', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let admin: StaffBrowser;
  const edit = (bonus: BonusDraft, reason = 'give it a budget') =>
    staffCall(q.server, admin, 'PUT', `/bonuses/${bonus.code}`, { bonus, reason });
  const offered = async () => {
    const res = await get(q.server, q.token, '/api/bonus');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { bonuses: { code: string }[] }).bonuses.map((b) => b.code);
  };
  /** A bonus the operator's CLI made with no budget (unlimited), `active` as given. */
  const cliBonus = (code: string, active: 0 | 1, giveFixed = 1000) =>
    q.server.ctx.database.db
      .insertInto('bonuses')
      .values({
        code,
        name: JSON.stringify({ th: code, la: code, en: code }),
        html: JSON.stringify({ th: code, la: code, en: code }),
        type: 'limit',
        max_received: 1,
        percent_fail: 100,
        give_percent: null,
        give_max: null,
        give_fixed: giveFixed,
        min_deposit: 10000,
        turnover_multiple: 1,
        budget: null,
        notice: JSON.stringify({ th: 'หัก {percentFail}%', la: 'ຫັກ {percentFail}%', en: '{percentFail}% forfeited' }),
        banners: JSON.stringify([{ image: '/bonus/daily.svg', html: { th: code, la: code, en: code } }]),
        active,
        sort: 100,
        created_at: 0,
      })
      .execute();

  beforeAll(async () => {
    q = await queueServer();
    admin = (await signedIn(q.server, 'boss', 'admin')).browser;
  });
  afterAll(() => q.close());
  beforeEach(() => newPolicyDay(q.server));

  it('holds for a second admin the budget one admin gives a stopped CLI bonus that had none', async () => {
    await cliBonus('CLIOLD', 0);
    expect(await offered()).not.toContain('CLIOLD');
    const res = await edit(draft('CLIOLD', 1_000_000));
    expect([res.statusCode, (res.json() as BonusChangeView).status]).toEqual([202, 'PENDING']);
  });

  it('…so offering it again alone is refused: it still has no budget', async () => {
    const offer = await staffCall(q.server, admin, 'POST', '/bonuses/CLIOLD/offer', { reason: 'back again' });
    expect([offer.statusCode, (offer.json() as { message?: string }).message]).toEqual([409, 'BONUS_BUDGET_NEEDED']);
    expect(await offered()).not.toContain('CLIOLD');
  });

  it('counts the budget when one admin raises what an offered CLI bonus with no budget gives (10 → 50,000 fixed)', async () => {
    await cliBonus('CLIOPEN', 1, 1000);
    const res = await edit(draft('CLIOPEN', 5_000_000, { give: { fixed: 50_000 } }));
    expect([res.statusCode, (res.json() as BonusChangeView).status, (res.json() as BonusChangeView).budgetAdded]).toEqual([
      202,
      'PENDING',
      5_000_000,
    ]);
  });

  it('a NUL byte in a code or a reason is a 4xx, never a 5xx', async () => {
    const answers = [
      await staffCall(q.server, admin, 'POST', '/bonuses/AB%00CD/stop', { reason: 'campaign over' }),
      await staffCall(q.server, admin, 'POST', '/bonuses/AB%00CD/approve', {}),
      await staffCall(q.server, admin, 'POST', '/bonuses', { bonus: draft('NULREASON', 100), reason: 'bad\u0000reason' }),
      await staffCall(q.server, admin, 'POST', '/bonuses', {
        bonus: draft('NULNAME', 100, { name: { th: 'a\u0000b' } }),
        reason: 'nul in name',
      }),
    ];
    expect(answers.map((a) => [a.statusCode < 500, message(a)])).toEqual(answers.map((a) => [true, message(a)]));
  });

  it('huge and odd numbers are 4xx', async () => {
    for (const bonus of [
      draft('HUGE1', 1e300),
      draft('HUGE2', 100, { give: { fixed: 1e20 } }),
      draft('HUGE3', 100, { maxReceived: 2 ** 60 }),
      draft('HUGE4', 100, { minDeposit: 9e15 }),
      draft('HUGE5', 100, { give: { percent: 10, max: -1 } }),
      draft('HUGE6', 0.001),
    ]) {
      const res = await staffCall(q.server, admin, 'POST', '/bonuses', { bonus, reason: 'huge numbers' });
      expect([bonus.code, res.statusCode]).toEqual([bonus.code, 400]);
    }
    const missing = await staffCall(q.server, admin, 'POST', '/bonuses', { bonus: { code: 'MISS' }, reason: 'missing' });
    expect(missing.statusCode).toBe(400);
  });

  it('held: parallel adds of different codes by one admin never pass the threshold together; parallel decisions apply once', async () => {
    const answers = await Promise.all(
      ['PAR1', 'PAR2', 'PAR3'].map((c) =>
        staffCall(q.server, admin, 'POST', '/bonuses', { bonus: draft(c, 3000), reason: 'parallel adds' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 202, 202]);
    const other = (await signedIn(q.server, 'boss3', 'admin')).browser;
    const fourth = (await signedIn(q.server, 'boss4', 'admin')).browser;
    const pending = answers.filter((a) => a.statusCode === 202).map((a) => (a.json() as BonusChangeView).bonus.code);
    const decisions = await Promise.all([
      staffCall(q.server, other, 'POST', `/bonuses/${pending[0]}/approve`, {}),
      staffCall(q.server, fourth, 'POST', `/bonuses/${pending[0]}/approve`, {}),
      staffCall(q.server, admin, 'POST', `/bonuses/${pending[0]}/reject`, { reason: 'withdrawn' }),
    ]);
    expect(decisions.every((d) => d.statusCode < 500)).toBe(true);
    expect(decisions.filter((d) => d.statusCode === 200)).toHaveLength(1);
  });
});
