import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PromotionDraft, StaffPromotionList } from '../../contract/staff-promotions.js';
import { build, message, type TestServer } from './helper.js';
import { get, newMember } from './bonus-helpers.js';
import { operator, signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';
import { newPolicyDay } from './adjustment-helpers.js';

/**
 * Promotion codes in the console: finance and admins see each code, its uses and the most it may pay, and a
 * code waiting for a second admin with who added it and why; a second admin approves it, the adder may only
 * withdraw it, and an admin stops a code. Every step is in the audit trail as the staff member who took it.
 */
describe('staff promotions', () => {
  let server: TestServer;
  let boss: StaffBrowser;
  let boss2: StaffBrowser;
  let fin: StaffBrowser;
  const db = () => server.ctx.database.db;
  const list = async (browser = fin) => {
    const res = await staffCall(server, browser, 'GET', '/promotions');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as StaffPromotionList).promotions;
  };
  const row = async (code: string) => (await list()).find((p) => p.code === code);
  const act = (browser: StaffBrowser, code: string, action: 'approve' | 'reject' | 'stop', reason?: string) =>
    staffCall(server, browser, 'POST', `/promotions/${code}/${action}`, reason === undefined ? {} : { reason });
  /** What a member finding the code is answered: NO_PROMOTION while it is not offered. */
  const find = async (code: string) => {
    const { token } = await newMember(server);
    return message(await get(server, token, `/api/promotion/find/${code}`)) ?? 'FOUND';
  };
  /** Added at the shell by an admin: 100 baht a use, so `uses` above 50 pass the 5,000 threshold and wait. */
  const add = (code: string, uses: number, as: string) =>
    operator(
      server,
      ...['promotion', 'add', code, '--description', 'โปร {money:100}', '--description-en', 'Promo {money:100}', '--fixed', '100'],
      ...['--turnover', '2', '--uses', String(uses), '--reason', 'shop opening', '--as', as],
    );
  const trail = (code: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_username', 'reason', 'before_json', 'after_json'])
      .where('target', '=', `promotion:${code}`)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await build();
    boss = (await signedIn(server, 'boss', 'admin')).browser;
    boss2 = (await signedIn(server, 'boss2', 'admin')).browser;
    fin = (await signedIn(server, 'fin', 'finance')).browser;
  });
  afterAll(() => server.close());
  beforeEach(() => newPolicyDay(server));

  it('lists a code with its uses and the most it may pay, and one that waits with who added it, when and why', async () => {
    await add('OPENING', 20, 'boss');
    await add('HUGE', 100, 'boss');
    expect(await row('OPENING')).toEqual({
      code: 'OPENING',
      // as members read it: each {money:N} an amount in the site's currency, the Thai where no Lao was written
      description: { th: 'โปร 100 บาท', la: 'โปร 100 ບາດ', en: 'Promo 100 baht' },
      give: { fixed: 100 },
      minDeposit: 0,
      turnover: 2,
      percentFail: 100,
      totalUses: 20,
      used: 0,
      reach: 2000,
      offered: true,
      waiting: null,
    });
    expect(await row('HUGE')).toMatchObject({
      totalUses: 100,
      reach: 10_000,
      offered: false,
      waiting: { because: 'amount', proposedBy: 'cli:boss', reason: 'shop opening', proposedAt: expect.stringMatching(/^\d{4}-/) },
    });
    // the newest first
    const codes = (await list()).map((p) => p.code);
    expect(codes.indexOf('HUGE')).toBeLessThan(codes.indexOf('OPENING'));
  });

  it('counts a code’s uses', async () => {
    await add('USED', 10, 'boss');
    const { token } = await newMember(server, 300);
    const res = await get(server, token, '/api/promotion/activate/USED');
    expect(res.statusCode, res.body).toBe(200);
    expect(await row('USED')).toMatchObject({ used: 1, totalUses: 10, reach: 1000 });
  });

  it('a second admin approves a waiting code, the adder may not, and a decided code is not decided again', async () => {
    await add('BIGONE', 100, 'boss');
    expect(await find('BIGONE')).toBe('NO_PROMOTION');
    const own = await act(boss, 'BIGONE', 'approve');
    expect([own.statusCode, message(own)]).toEqual([403, 'FOUR_EYES']);
    expect(await row('BIGONE')).toMatchObject({ offered: false, waiting: { because: 'amount' } });
    // an approval's note is held to a reason's length
    const long = await act(boss2, 'BIGONE', 'approve', 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    // a note too short is refused as the CLI refuses it, not dropped from the trail
    const short = await act(boss2, 'BIGONE', 'approve', ' ok ');
    expect([short.statusCode, message(short)]).toEqual([400, 'REASON_REQUIRED']);
    expect(await row('BIGONE')).toMatchObject({ offered: false });
    const approved = await act(boss2, 'BIGONE', 'approve', 'checked with marketing');
    expect([approved.statusCode, approved.json()]).toEqual([200, { code: 'BIGONE', offered: true }]);
    expect(await row('BIGONE')).toMatchObject({ offered: true, waiting: null });
    expect(await find('BIGONE')).toBe('FOUND');
    const again = await act(boss2, 'BIGONE', 'reject', 'too late');
    expect([again.statusCode, message(again)]).toEqual([409, 'PROMOTION_DECIDED']);
    expect((await trail('BIGONE')).map((a) => [a.action, a.actor_username, a.reason])).toEqual([
      ['promotion.propose', 'boss', 'shop opening'],
      ['promotion.approve', 'boss2', 'checked with marketing'],
    ]);
  });

  it('the adder withdraws their own waiting code with a reason; it is never offered after', async () => {
    await add('MINE', 100, 'boss');
    const bare = await act(boss, 'MINE', 'reject');
    expect([bare.statusCode, message(bare)]).toEqual([400, 'REASON_REQUIRED']);
    const rejected = await act(boss, 'MINE', 'reject', 'my mistake');
    expect([rejected.statusCode, rejected.json()]).toEqual([200, { code: 'MINE', offered: false }]);
    expect(await row('MINE')).toMatchObject({ offered: false, waiting: null });
    const late = await act(boss2, 'MINE', 'approve');
    expect([late.statusCode, message(late)]).toEqual([409, 'PROMOTION_DECIDED']);
    const stop = await act(boss2, 'MINE', 'stop', 'tidy');
    expect([stop.statusCode, message(stop)]).toEqual([409, 'PROMOTION_NOT_OFFERED']);
    expect(await find('MINE')).toBe('NO_PROMOTION');
    expect((await trail('MINE')).map((a) => a.action)).toEqual(['promotion.propose', 'promotion.reject']);
  });

  it('an admin stops a code with a reason: members no longer find it, and a second stop changes nothing', async () => {
    await add('ENDING', 10, 'boss');
    const bare = await act(boss2, 'ENDING', 'stop', ' ');
    expect([bare.statusCode, message(bare)]).toEqual([400, 'REASON_REQUIRED']);
    expect(await find('ENDING')).toBe('FOUND');
    const stopped = await act(boss2, 'ENDING', 'stop', 'campaign over');
    expect([stopped.statusCode, stopped.json()]).toEqual([200, { code: 'ENDING', offered: false }]);
    expect(await find('ENDING')).toBe('NO_PROMOTION');
    const again = await act(boss2, 'ENDING', 'stop', 'campaign over');
    expect([again.statusCode, message(again)]).toEqual([409, 'PROMOTION_NOT_OFFERED']);
    const rows = await trail('ENDING');
    expect(rows.map((a) => [a.action, a.actor_username, a.reason])).toEqual([
      ['promotion.add', 'boss', 'shop opening'],
      ['promotion.disable', 'boss2', 'campaign over'],
    ]);
    expect([JSON.parse(rows[1]!.before_json!), JSON.parse(rows[1]!.after_json!)]).toEqual([{ active: true }, { active: false }]);
    const none = await act(boss2, 'NOSUCH', 'stop', 'campaign over');
    expect([none.statusCode, message(none)]).toEqual([404, 'NO_PROMOTION']);
  });

  it('a code stopped while it waits waits no more, and is never approved after', async () => {
    await add('HALTED', 100, 'boss');
    const stopped = await act(boss2, 'HALTED', 'stop', 'not this month');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await row('HALTED')).toMatchObject({ offered: false, waiting: null });
    const late = await act(boss2, 'HALTED', 'approve');
    expect([late.statusCode, message(late)]).toEqual([409, 'PROMOTION_DECIDED']);
    const [, disable] = await trail('HALTED');
    expect(JSON.parse(disable!.before_json!)).toEqual({ active: false, waitedForSecondAdmin: true, proposedBy: 'cli:boss' });
  });

  it('decides a waiting code once, whatever two admins send at once, and writes the trail once per change', async () => {
    await add('RACE', 100, 'boss');
    const calls = Array.from({ length: 30 }, (_, i) => {
      const action = (['approve', 'reject', 'stop'] as const)[i % 3]!;
      return act(i % 2 ? boss2 : boss, 'RACE', action, 'at the same moment').then((res) => ({ action, res }));
    });
    const answers = await Promise.all(calls);
    const done = answers.filter((a) => a.res.statusCode === 200).map((a) => a.action);
    const refused = answers.filter((a) => a.res.statusCode !== 200).map((a) => message(a.res));
    // nothing but a refusal of the four eyes or of a code already decided or stopped
    expect(refused.filter((m) => !['FOUR_EYES', 'PROMOTION_DECIDED', 'PROMOTION_NOT_OFFERED'].includes(m!))).toEqual([]);
    // one decision at most, one stop at most, and a stop after a decision only when that decision offered it
    const decisions = done.filter((a) => a !== 'stop');
    const stops = done.filter((a) => a === 'stop');
    expect([decisions.length <= 1, stops.length <= 1, done.length >= 1]).toEqual([true, true, true]);
    if (decisions.length && stops.length) expect(decisions).toEqual(['approve']);
    const actionOf = { approve: 'promotion.approve', reject: 'promotion.reject', stop: 'promotion.disable' } as const;
    const rows = await trail('RACE');
    expect(rows.map((a) => a.action)).toEqual(['promotion.propose', ...[...decisions, ...stops].map((a) => actionOf[a])]);
    expect(await row('RACE')).toMatchObject({ offered: done.length === 1 && done[0] === 'approve', waiting: null });
  });

  /** A code as the console's form sends it: 100 baht a use. */
  const draft = (code: string, uses: number, more: Partial<PromotionDraft> = {}): PromotionDraft => ({
    code,
    description: { th: 'รับ {money:100}', en: 'Get {money:100}' },
    give: { fixed: 100 },
    minDeposit: 0,
    turnover: 1,
    percentFail: 100,
    uses,
    ...more,
  });
  const addInConsole = (browser: StaffBrowser, promotion: PromotionDraft, reason = 'weekend campaign') =>
    staffCall(server, browser, 'POST', '/promotions', { promotion, reason });

  it('adds a code in the console within the admin’s allowance: offered at once, counted, in the trail', async () => {
    expect((await staffCall(server, boss, 'GET', '/promotions')).json()).toMatchObject({ aloneLeft: 5000 });
    const res = await addInConsole(boss, draft('WEEKEND', 20));
    expect([res.statusCode, res.json()]).toEqual([200, { code: 'WEEKEND', offered: true, waitsBecause: null }]);
    expect(await find('WEEKEND')).toBe('FOUND');
    expect(await row('WEEKEND')).toMatchObject({
      description: { th: 'รับ 100 บาท', la: 'รับ 100 ບາດ', en: 'Get 100 baht' },
      totalUses: 20,
      reach: 2000,
      offered: true,
      waiting: null,
    });
    // what boss may still put within reach alone: 5,000 less the 2,000 this code may pay
    expect((await staffCall(server, boss, 'GET', '/promotions')).json()).toMatchObject({ aloneLeft: 3000 });
    const [added] = await trail('WEEKEND');
    expect(added).toMatchObject({ action: 'promotion.add', actor_username: 'boss', reason: 'weekend campaign' });
  });

  it('holds a code past the allowance, at once or in small steps, for a second admin', async () => {
    const big = await addInConsole(boss, draft('BIGWEEK', 60));
    expect([big.statusCode, big.json()]).toEqual([202, { code: 'BIGWEEK', offered: false, waitsBecause: 'amount' }]);
    expect(await find('BIGWEEK')).toBe('NO_PROMOTION');
    expect(await row('BIGWEEK')).toMatchObject({ waiting: { because: 'amount', proposedBy: 'staff:boss', reason: 'weekend campaign' } });
    // three codes of 2,000 each: the third passes the 5,000 of 24 hours and waits
    const steps = [];
    for (const code of ['STEP1', 'STEP2', 'STEP3'])
      steps.push((await addInConsole(boss, draft(code, 20))).json() as { waitsBecause: string });
    expect(steps.map((s) => s.waitsBecause)).toEqual([null, null, 'day']);
    expect(await find('STEP3')).toBe('NO_PROMOTION');
    const approved = await act(boss2, 'STEP3', 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await find('STEP3')).toBe('FOUND');
  });

  it('puts no more than the allowance within reach when one admin sends many codes at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => addInConsole(boss, draft(`BURST${i}`, 20)).then((res) => res.json() as { offered: boolean })),
    );
    // 2,000 each against 5,000: two offered, the rest waiting for a second admin
    expect(answers.filter((a) => a.offered).length).toBe(2);
    const offered = (await list()).filter((p) => p.code.startsWith('BURST') && p.offered);
    expect(offered.reduce((sum, p) => sum + p.reach!, 0)).toBe(4000);
  });

  it('refuses what the CLI refuses, a taken code and a missing reason with a 4xx, adding nothing', async () => {
    await addInConsole(boss, draft('TAKEN', 1));
    const before = await list();
    for (const [promotion, code] of [
      [draft('bad code', 1), 'KEY_INVALID'],
      [draft('ZEROUSES', 0), 'KEY_INVALID'],
      [draft('HALFUSE', 1.5), 'KEY_INVALID'],
      [draft('MANYUSES', 10_000_001), 'KEY_INVALID'],
      [draft('ZERO', 1, { give: { percent: 0, max: 10 } }), 'KEY_INVALID'],
      [draft('NOMAX', 1, { give: { percent: 10, max: 0 } }), 'KEY_INVALID'],
      [draft('FRACTION', 1, { give: { fixed: 1.234 } }), 'KEY_INVALID'],
      [draft('NEGATIVE', 1, { minDeposit: -1 }), 'KEY_INVALID'],
      [draft('TURNOVER', 1, { turnover: 101 }), 'KEY_INVALID'],
      [draft('FORFEIT', 1, { percentFail: 101 }), 'KEY_INVALID'],
      [draft('BLANK', 1, { description: { th: '  ' } }), 'KEY_INVALID'],
      [draft('LONG', 1, { description: { th: 'ก'.repeat(5001) } }), 'KEY_INVALID'],
      [draft('HUGEAMOUNT', 1, { give: { fixed: 100_000_000_000_000 } }), 'KEY_INVALID'],
      // what it gives in one form only: the CLI refuses --percent with --fixed
      [draft('BOTH', 1, { give: { percent: 10, max: 100, fixed: 50 } as never }), 'KEY_INVALID'],
      // members would read the braces of a placeholder that is not {money:N}
      [draft('BRACES', 1, { description: { th: 'ได้ {money:50', en: 'Get 50' } }), 'KEY_INVALID'],
      [draft('TAKEN', 1), 'PROMOTION_CODE_TAKEN'],
      [draft('OPENING', 1), 'PROMOTION_CODE_TAKEN'],
    ] as const) {
      const res = await addInConsole(boss, promotion);
      expect([promotion.code, res.statusCode, message(res)]).toEqual([promotion.code, code === 'KEY_INVALID' ? 400 : 409, code]);
    }
    const bare = await addInConsole(boss, draft('NOREASON', 1), ' ');
    expect([bare.statusCode, message(bare)]).toEqual([400, 'REASON_REQUIRED']);
    const clerk = await addInConsole(fin, draft('CLERK', 1));
    expect([clerk.statusCode, message(clerk)]).toEqual([403, 'STAFF_FORBIDDEN']);
    expect(await list()).toEqual(before);
  });

  it('answers codes that are not there, or odd, as a refusal, never a 5xx', async () => {
    for (const code of ['%E0%B8%81%E0%B8%82', 'a%20b', 'x'.repeat(32), 'A%2F..']) {
      for (const action of ['approve', 'reject'] as const) {
        const res = await act(boss2, code, action, 'some reason');
        expect([code, action, res.statusCode, message(res)]).toEqual([code, action, 409, 'PROMOTION_DECIDED']);
      }
      const res = await act(boss2, code, 'stop', 'some reason');
      expect([code, res.statusCode, message(res)]).toEqual([code, 404, 'NO_PROMOTION']);
    }
    const long = await act(boss2, 'x'.repeat(33), 'stop', 'some reason');
    expect(long.statusCode).toBe(400);
  });
});
