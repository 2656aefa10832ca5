import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BonusChangeView, BonusDraft, StaffBonusList } from '../../contract/staff-bonuses.js';
import { DEMO_MEMBER, message } from './helper.js';
import { bonusDraft as draft, get } from './bonus-helpers.js';
import { auditOf, queueServer } from './staff-queue-helpers.js';
import { signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';
import { newPolicyDay } from './adjustment-helpers.js';

/** Bonuses in the console (issue 39): the CLI's rules, and their budgets under the money policy's four eyes. */
describe('staff bonuses', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let admin: StaffBrowser;
  let second: StaffBrowser;
  const add = (browser: StaffBrowser, bonus: BonusDraft, reason = 'Songkran campaign') =>
    staffCall(q.server, browser, 'POST', '/bonuses', { bonus, reason });
  const edit = (browser: StaffBrowser, bonus: BonusDraft, reason = 'bigger budget') =>
    staffCall(q.server, browser, 'PUT', `/bonuses/${bonus.code}`, { bonus, reason });
  const decide = (browser: StaffBrowser, code: string, action: string, reason?: string) =>
    staffCall(q.server, browser, 'POST', `/bonuses/${code}/${action}`, reason === undefined ? {} : { reason });
  const list = async (browser = admin) => (await staffCall(q.server, browser, 'GET', '/bonuses')).json() as StaffBonusList;
  /** The codes the member is offered. */
  const offered = async () =>
    ((await get(q.server, q.token, '/api/bonus')).json() as { bonuses: { code: string }[] }).bonuses.map((b) => b.code);
  const changeOf = (res: { json(): unknown }) => res.json() as BonusChangeView;

  beforeAll(async () => {
    q = await queueServer();
    admin = (await signedIn(q.server, 'boss', 'admin')).browser;
    second = (await signedIn(q.server, 'boss2', 'admin')).browser;
  });
  afterAll(() => q.close());
  // each test judges its own budgets under the money policy (the threshold: 5,000 baht)
  beforeEach(() => newPolicyDay(q.server));

  it('offers a bonus whose budget is within the admin’s allowance at once, as the member sees it, with its audit row', async () => {
    const res = await add(admin, draft('SONGKRAN', 3000));
    expect(res.statusCode, res.body).toBe(200);
    expect(changeOf(res)).toMatchObject({ status: 'APPLIED', waitsBecause: null, budgetAdded: 3000, proposedBy: 'staff:boss' });
    expect(await offered()).toContain('SONGKRAN');
    const row = (await list()).bonuses.find((b) => b.bonus.code === 'SONGKRAN')!;
    expect(row).toMatchObject({ offered: true, unbudgeted: false, given: 0, holders: 0, waiting: null });
    expect(row.bonus).toMatchObject({ name: { th: 'โบนัส SONGKRAN', la: 'โบนัส SONGKRAN', en: 'Bonus SONGKRAN' }, budget: 3000 });
    const [audit] = await auditOf(q.server, 'bonus.add', 'bonus:SONGKRAN');
    expect(audit).toMatchObject({ actor_username: 'boss', reason: 'Songkran campaign' });
    // the allowance left says so: 5,000 less the 3,000 put within reach
    expect((await list()).aloneLeft).toBe(2000);
  });

  it('holds a budget above the threshold for a second admin: the proposer may not approve it, the other may', async () => {
    const res = await add(admin, draft('BIG', 20_000));
    expect(res.statusCode, res.body).toBe(202);
    expect(changeOf(res)).toMatchObject({ status: 'PENDING', waitsBecause: 'amount' });
    expect(await offered()).not.toContain('BIG');
    expect((await list()).bonuses.find((b) => b.bonus.code === 'BIG')).toMatchObject({ offered: false, waiting: { kind: 'add' } });
    // nothing else may change it meanwhile
    expect(message(await add(second, draft('BIG', 10)))).toBe('BONUS_CHANGE_PENDING');
    const own = await decide(admin, 'BIG', 'approve');
    expect([own.statusCode, message(own)]).toEqual([403, 'FOUR_EYES']);
    const approved = await decide(second, 'BIG', 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await offered()).toContain('BIG');
    expect(await auditOf(q.server, 'bonus.approve', 'bonus:BIG')).toMatchObject([{ actor_username: 'boss2' }]);
    // approved by a second admin: counted against no one
    expect((await list(second)).aloneLeft).toBe(5000);
    expect(message(await decide(second, 'BIG', 'approve'))).toBe('BONUS_CHANGE_DECIDED');
  });

  it('counts small budgets and credits together: one admin cannot get around the threshold in many steps', async () => {
    expect((await add(admin, draft('SMALL1', 2000))).statusCode).toBe(200);
    expect((await add(admin, draft('SMALL2', 2000))).statusCode).toBe(200);
    const third = await add(admin, draft('SMALL3', 2000));
    expect([third.statusCode, changeOf(third).waitsBecause]).toEqual([202, 'day']);
    // the same allowance as the admin's credits: 1,000 left, so a credit of 1,500 waits
    const credit = await staffCall(q.server, admin, 'POST', '/adjustments', {
      phone: DEMO_MEMBER.phone,
      kind: 'credit',
      amount: 1500,
      reason: 'goodwill',
    });
    expect((credit.json() as { status: string }).status).toBe('PENDING');
    // the proposer withdraws the third: nothing offered, nothing counted
    expect(changeOf(await decide(admin, 'SMALL3', 'reject', 'not now'))).toMatchObject({ status: 'REJECTED' });
    expect(await offered()).not.toContain('SMALL3');
  });

  it('counts only the budget a change adds: new words go at once, a raise beyond the allowance waits', async () => {
    expect((await add(admin, draft('EDITME', 4000))).statusCode).toBe(200);
    // words and terms only: nothing added, applied although 1,000 is all that is left
    const words = await edit(admin, draft('EDITME', 4000, { name: { th: 'ใหม่' }, give: { fixed: 50 } }));
    expect([words.statusCode, changeOf(words).budgetAdded]).toEqual([200, 0]);
    expect((await list()).bonuses.find((b) => b.bonus.code === 'EDITME')!.bonus).toMatchObject({
      name: { th: 'ใหม่' },
      give: { fixed: 50 },
    });
    const raise = await edit(admin, draft('EDITME', 6000));
    expect([raise.statusCode, changeOf(raise).budgetAdded, changeOf(raise).waitsBecause]).toEqual([202, 2000, 'day']);
    // until approved the bonus stays as it was
    expect((await list()).bonuses.find((b) => b.bonus.code === 'EDITME')!.bonus.budget).toBe(4000);
    expect((await decide(second, 'EDITME', 'approve')).statusCode).toBe(200);
    expect((await list()).bonuses.find((b) => b.bonus.code === 'EDITME')!.bonus).toMatchObject({
      budget: 6000,
      give: { percent: 10, max: 300 },
    });
    expect(await auditOf(q.server, 'bonus.edit', 'bonus:EDITME')).toHaveLength(1);
  });

  it('counts the whole budget given to a bonus the CLI made unlimited, less what it paid: its terms cannot grow on "unlimited"', async () => {
    // the seed's DAILY10 has no budget; one admin makes it pay 1,000 a time
    const before = (await list()).bonuses.find((b) => b.bonus.code === 'DAILY10')!;
    expect(before.unbudgeted).toBe(true);
    const res = await edit(admin, { ...before.bonus, give: { fixed: 1000 }, budget: 1_000_000 }, 'bigger daily bonus');
    expect([res.statusCode, changeOf(res).budgetAdded, changeOf(res).waitsBecause]).toEqual([202, 1_000_000, 'amount']);
    expect((await list()).bonuses.find((b) => b.bonus.code === 'DAILY10')!.bonus.give).toEqual(before.bonus.give);
    expect(changeOf(await decide(admin, 'DAILY10', 'reject', 'too much'))).toMatchObject({ status: 'REJECTED' });
  });

  it('refuses what the CLI refuses, a taken code and a missing reason with a 4xx, changing nothing', async () => {
    const before = await list();
    for (const [bonus, code] of [
      [draft('bad code', 100), 'KEY_INVALID'],
      [draft('ZERO', 100, { give: { percent: 0, max: 10 } }), 'KEY_INVALID'],
      [draft('FRACTION', 100, { give: { fixed: 1.234 } }), 'KEY_INVALID'],
      [draft('NEGATIVE', 100, { minDeposit: -1 }), 'KEY_INVALID'],
      [draft('NOBUDGET', 0), 'KEY_INVALID'],
      [draft('TOOMANY', 100, { maxReceived: 1001 }), 'KEY_INVALID'],
      // members would read the braces of a placeholder that is not {money:N}
      [draft('BRACES', 100, { name: { th: 'ได้ {money:50', en: 'Get 50' } }), 'KEY_INVALID'],
      [draft('HTMLBRACES', 100, { html: { th: 'ได้ {money:50}', en: 'Get {money:fifty}' } }), 'KEY_INVALID'],
      [draft('SONGKRAN', 100), 'BONUS_CODE_TAKEN'],
    ] as const) {
      const res = await add(admin, bonus);
      expect([bonus.code, res.statusCode, message(res)]).toEqual([bonus.code, 400, code]);
    }
    expect(message(await add(admin, draft('NOREASON', 100), ' '))).toBe('REASON_REQUIRED');
    expect(message(await edit(admin, draft('MISSING', 100)))).toBe('NO_DATA');
    expect(await list()).toEqual(before);
  });

  it('lets finance read the list but not change it, and agents neither', async () => {
    expect((await staffCall(q.server, q.finance, 'GET', '/bonuses')).statusCode).toBe(200);
    expect(message(await add(q.finance, draft('FIN', 100)))).toBe('STAFF_FORBIDDEN');
    expect((await staffCall(q.server, q.agent, 'GET', '/bonuses')).statusCode).toBe(403);
  });

  it('adds a code once when ten adds of it arrive together, with no server fault', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(admin, draft('RACE', 100))));
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map(message)).toEqual(Array(9).fill('BONUS_CODE_TAKEN'));
    expect(await auditOf(q.server, 'bonus.add', 'bonus:RACE')).toHaveLength(1);
  });

  it('stops offering a bonus and offers it again, each with its reason in the trail', async () => {
    expect((await decide(admin, 'SONGKRAN', 'stop', 'campaign over')).json()).toEqual({ offered: false });
    expect(await offered()).not.toContain('SONGKRAN');
    expect(message(await decide(admin, 'SONGKRAN', 'offer'))).toBe('REASON_REQUIRED');
    expect((await decide(admin, 'SONGKRAN', 'offer', 'one more week')).json()).toEqual({ offered: true });
    expect(await offered()).toContain('SONGKRAN');
    expect((await auditOf(q.server, 'bonus.disable', 'bonus:SONGKRAN')).map((r) => r.reason)).toEqual(['campaign over']);
  });
});
