import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffDashboard } from '../../contract/staff.js';
import type { MemberPage, WaitingBonusEndList } from '../../contract/staff-members.js';
import { ledgerProblems, setSetting } from './deposit-helpers.js';
import { call, message } from './helper.js';
import { get, newMember, operatorDeposit, play } from './bonus-helpers.js';
import { adjustmentServer, creditedAlone } from './adjustment-helpers.js';
import { auditOf, json } from './staff-queue-helpers.js';
import { operator, staffCall } from './staff-helpers.js';

/**
 * A staff "End bonus" frees the bonus money before its turnover: the member may withdraw it at once. That is
 * the clerk's word for the bonus amount, so the money policy judges it as their credit (credit-holds.ts):
 * one clerk ending bonus after bonus never frees more than the operator's threshold in 24 hours alone.
 */
describe('ending a bonus early is a credit under the money policy', () => {
  let a: Awaited<ReturnType<typeof adjustmentServer>>;
  const db = () => a.server.ctx.database.db;
  const idOf = async (phone: string) =>
    (await db().selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  const page = async (id: number) => (await staffCall(a.server, a.agent, 'GET', `/members/${id}`)).json() as MemberPage;
  const end = (browser: typeof a.finance, id: number, reason = 'promised on the phone') =>
    staffCall(a.server, browser, 'POST', `/members/${id}/bonus/end`, { reason });
  const withdraw = (token: string) =>
    call(a.server.app, 'POST', '/api/wallet/withdraw', { amount: 100 }, { token, headers: { 'idempotency-key': crypto.randomUUID() } });
  const credited = (person: string) => creditedAlone(a.server, person);
  /** A member holding the 50-baht WELCOME50 promotion, its turnover of 250 baht not played. */
  const withPromotion = async () => {
    const member = await newMember(a.server, 100);
    expect(message(await get(a.server, member.token, '/api/promotion/activate/WELCOME50'))).toBe('SUCCESS');
    return { ...member, id: await idOf(member.phone) };
  };

  beforeAll(async () => {
    a = await adjustmentServer();
    // one person may free 120 baht alone in 24 hours: two promotions of 50, not a third
    await setSetting(a.server, 'adjustments', { approvalAboveBaht: 120, approvalAboveKip: 1_000_000 });
  });
  afterAll(() => a.close());

  it('one clerk ends two 50-baht promotions alone; the third waits, the same clerk cannot finish it, a second one does', async () => {
    const [first, second, third] = [await withPromotion(), await withPromotion(), await withPromotion()];
    for (const m of [first, second]) expect([(await end(a.finance, m.id)).statusCode, (await page(m.id)).bonus]).toEqual([200, null]);
    expect(await credited('fin')).toBe(10_000);

    const held = await end(a.finance, third.id);
    expect([held.statusCode, message(held)]).toEqual([202, 'CREDIT_WAITS']);
    // nothing ended: the turnover still holds the money, and the member's page shows who asked and why it waits
    expect(message(await withdraw(third.token))).toBe('BONUS_CONDITION');
    expect((await page(third.id)).bonus).toMatchObject({
      name: 'WELCOME50',
      amount: 50,
      turnoverLeft: 250,
      hold: { amount: 50, askedBy: 'staff:fin', reason: 'promised on the phone', because: 'day' },
    });
    const [asked] = await auditOf(a.server, 'bonus.end', `member:${third.phone}`);
    expect(json(asked!.after_json)).toEqual({ status: 'WAITING', waitsBecause: 'day' });
    const ends = () =>
      db().selectFrom('journal').select('id').where('member_id', '=', third.id).where('type', '=', 'finish_bonus').execute();
    expect(await ends()).toEqual([]);

    // findable by whoever would approve it: the dashboard counts it, the Members page lists it
    const waiting = async () => ({
      count: ((await staffCall(a.server, a.second, 'GET', '/dashboard')).json() as StaffDashboard).bonusEndsWaiting,
      rows: ((await staffCall(a.server, a.second, 'GET', '/members/waiting-ends?lang=en')).json() as WaitingBonusEndList).rows,
    });
    expect(await waiting()).toEqual({
      count: 1,
      rows: [
        {
          member: { id: third.id, phone: third.phone, name: expect.any(String) },
          currency: 'BAHT',
          bonus: 'WELCOME50',
          hold: { amount: 50, askedBy: 'staff:fin', askedAt: expect.any(String), reason: 'promised on the phone', because: 'day' },
        },
      ],
    });

    const again = await end(a.finance, third.id, 'once more');
    expect([again.statusCode, message(again)]).toEqual([403, 'FOUR_EYES']);
    // the same person at the shell is the same person; the shell alone is no one who may free money
    await expect(operator(a.server, 'bonus', 'end', third.phone, '--reason', 'from the shell', '--as', 'fin')).rejects.toThrow(
      /second finance clerk or admin ends it/,
    );
    await expect(operator(a.server, 'bonus', 'end', third.phone, '--reason', 'from the shell')).rejects.toThrow(/--as <username>/);
    expect((await page(third.id)).bonus?.hold).not.toBeNull();

    const lines = await operator(a.server, 'bonus', 'end', third.phone, '--reason', 'checked the call', '--as', 'fin2');
    expect(lines.join('\n')).toMatch(/^ended WELCOME50 of 087\d+ \(journal entry \d+\); no money moved$/);
    expect((await page(third.id)).bonus).toBeNull();
    expect(message(await withdraw(third.token))).toBe('SUCCESS');
    expect(await ends()).toHaveLength(1);
    expect(await waiting()).toEqual({ count: 0, rows: [] });
    // a credit a second person approved counts against no one's allowance
    expect([await credited('fin'), await credited('fin2')]).toEqual([10_000, 0]);
    const rows = await auditOf(a.server, 'bonus.end', `member:${third.phone}`);
    expect(rows.map((r) => [r.actor_kind, r.actor_username, json(r.after_json)])).toEqual([
      ['staff', 'fin', { status: 'WAITING', waitsBecause: 'day' }],
      ['cli', 'fin2', { finishReason: 'STAFF', secondTo: 'staff:fin' }],
    ]);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('a bonus above the threshold waits whoever asks first; its turnover met meanwhile ends the hold with it', async () => {
    await setSetting(a.server, 'adjustments', { approvalAboveBaht: 40, approvalAboveKip: 1_000_000 });
    const m = await withPromotion();
    const held = await end(a.second, m.id);
    expect([held.statusCode, message(held)]).toEqual([202, 'CREDIT_WAITS']);
    expect((await page(m.id)).bonus?.hold).toMatchObject({ askedBy: 'staff:fin2', because: 'amount' });

    // the member plays the turnover: the bonus ends by itself when the app next asks about it, and its hold with it
    await play(a.server, m.token, 250);
    expect((await get(a.server, m.token, '/api/bonus/check/active')).json()).toMatchObject({ status: false });
    expect((await page(m.id)).bonus).toBeNull();
    const finished = await db()
      .selectFrom('member_bonuses')
      .select('finish_reason')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(finished.finish_reason).toBe('TURNOVER');
    const hold = await db()
      .selectFrom('credit_holds')
      .select(['status', 'decided_by'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(hold).toEqual({ status: 'ENDED', decided_by: 'cli:system' });
    const nothing = await end(a.finance, m.id);
    expect([nothing.statusCode, message(nothing)]).toEqual([404, 'NO_DATA']);

    // the member takes another: an end that names the bonus seen before (a second clerk approving that hold)
    // is refused and changes nothing, instead of becoming a new request of theirs on the new one
    const seen = (await db().selectFrom('member_bonuses').select('id').where('member_id', '=', m.id).executeTakeFirstOrThrow()).id;
    await operatorDeposit(a.server, m.phone, 100);
    expect(message(await get(a.server, m.token, '/api/promotion/activate/NEWYEAR20'))).toBe('SUCCESS');
    const running = (await page(m.id)).bonus;
    expect(running).toMatchObject({ name: 'NEWYEAR20', hold: null });
    const stale = await staffCall(a.server, a.finance, 'POST', `/members/${m.id}/bonus/end`, { reason: 'approving', bonusId: seen });
    expect([stale.statusCode, message(stale)]).toEqual([409, 'BONUS_CHANGED']);
    expect((await page(m.id)).bonus).toEqual(running);
    const bad = await staffCall(a.server, a.finance, 'POST', `/members/${m.id}/bonus/end`, { reason: 'approving', bonusId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });
});
