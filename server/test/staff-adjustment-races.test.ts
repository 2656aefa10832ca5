import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerProblems, setSetting, walletOf } from './deposit-helpers.js';
import { message } from './helper.js';
import { auditOf } from './staff-queue-helpers.js';
import { signedIn, staffCall } from './staff-helpers.js';
import { adjustmentOf, adjustmentServer, ask, newPolicyDay } from './adjustment-helpers.js';

/** Two clerks deciding one adjustment at once (issue 23): exactly one decision, the money moves at most once. */
describe('adjustment races', () => {
  let a: Awaited<ReturnType<typeof adjustmentServer>>;
  let third: Awaited<ReturnType<typeof signedIn>>['browser'];
  const codes = (responses: { statusCode: number }[]) =>
    responses.map((r) => (r.statusCode === 200 ? '200' : `${r.statusCode} ${message(r as never)}`)).sort();

  beforeAll(async () => {
    a = await adjustmentServer();
    third = (await signedIn(a.server, 'fin3', 'admin')).browser;
  });
  afterAll(() => a.close());
  // each test judges its own credits under the money policy, not the sum of the tests before it
  beforeEach(() => newPolicyDay(a.server));

  it('two approvals of one waiting credit at once: applied once, the other 409 ADJUSTMENT_NOT_PENDING', async () => {
    const before = await walletOf(a.server);
    const adj = adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 6000 }));
    const answers = await Promise.all([
      staffCall(a.server, a.second, 'POST', `/adjustments/${adj.id}/approve`, {}),
      staffCall(a.server, third, 'POST', `/adjustments/${adj.id}/approve`, {}),
    ]);
    expect(codes(answers)).toEqual(['200', '409 ADJUSTMENT_NOT_PENDING']);
    expect(await walletOf(a.server)).toBe(before + 600_000);
    expect(await auditOf(a.server, 'adjustment.apply', `adjustment:${adj.id}`)).toHaveLength(1);
    const entries = await a.server.ctx.database.db.selectFrom('journal').select('id').where('type', '=', 'adjustment').execute();
    expect(entries).toHaveLength(1);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('approve and reject of one waiting debit at once: one of them, never both', async () => {
    const before = await walletOf(a.server);
    const adj = adjustmentOf(await ask(a.server, a.finance, { kind: 'debit', amount: 5500 }));
    const answers = await Promise.all([
      staffCall(a.server, a.second, 'POST', `/adjustments/${adj.id}/approve`, {}),
      staffCall(a.server, third, 'POST', `/adjustments/${adj.id}/reject`, { reason: 'not asked by the member' }),
    ]);
    expect(codes(answers)).toEqual(['200', '409 ADJUSTMENT_NOT_PENDING']);
    const { status } = await a.server.ctx.database.db
      .selectFrom('adjustments')
      .select('status')
      .where('id', '=', adj.id)
      .executeTakeFirstOrThrow();
    expect(await walletOf(a.server)).toBe(status === 'APPLIED' ? before - 550_000 : before);
    const decided = [
      ...(await auditOf(a.server, 'adjustment.approve', `adjustment:${adj.id}`)),
      ...(await auditOf(a.server, 'adjustment.reject', `adjustment:${adj.id}`)),
    ];
    expect(decided).toHaveLength(1);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('two debits that each fit but not both, approved at once: the wallet never goes below zero', async () => {
    // every adjustment waits for a second approver
    await setSetting(a.server, 'adjustments', { approvalAboveBaht: 0, approvalAboveKip: 0 });
    const wallet = await walletOf(a.server);
    const half = Math.floor(wallet / 100 / 2) + 1;
    const first = adjustmentOf(await ask(a.server, a.finance, { kind: 'debit', amount: half }));
    const second = adjustmentOf(await ask(a.server, a.finance, { kind: 'debit', amount: half }));
    const answers = await Promise.all([
      staffCall(a.server, a.second, 'POST', `/adjustments/${first.id}/approve`, {}),
      staffCall(a.server, third, 'POST', `/adjustments/${second.id}/approve`, {}),
    ]);
    expect(codes(answers)).toEqual(['200', '409 MONEY_NOT_ENOUGH']);
    expect(await walletOf(a.server)).toBe(wallet - half * 100);
    expect(await ledgerProblems(a.server)).toEqual([]);
    await setSetting(a.server, 'adjustments', { approvalAboveBaht: 5000, approvalAboveKip: 1_000_000 });
  });

  it('the same request sent twice at once with its key: one adjustment, the money once, both answered with it', async () => {
    const before = await walletOf(a.server);
    const answers = await Promise.all([
      ask(a.server, a.finance, { kind: 'credit', amount: 3, key: 'double-click' }),
      ask(a.server, a.finance, { kind: 'credit', amount: 3, key: 'double-click' }),
    ]);
    expect(codes(answers)).toEqual(['200', '200']);
    expect(adjustmentOf(answers[0]!).id).toBe(adjustmentOf(answers[1]!).id);
    expect(await walletOf(a.server)).toBe(before + 300);
  });

  it('two reversals of one deposit asked at once: one reversal, the other 409 ADJUSTMENT_REVERSED', async () => {
    const deposit = await a.server.ctx.database.db
      .selectFrom('journal')
      .select(['id', 'amount'])
      .where('type', '=', 'deposit')
      .where('member_id', '=', 1)
      .executeTakeFirstOrThrow();
    // money for the reversal to take back
    await ask(a.server, a.finance, { kind: 'credit', amount: 5000 });
    const before = await walletOf(a.server);
    const answers = await Promise.all([
      ask(a.server, a.second, { kind: 'reverse', journalId: deposit.id }),
      ask(a.server, third, { kind: 'reverse', journalId: deposit.id }),
    ]);
    expect(codes(answers)).toEqual(['200', '409 ADJUSTMENT_REVERSED']);
    expect(await walletOf(a.server)).toBe(before - Number(deposit.amount));
    expect(await ledgerProblems(a.server)).toEqual([]);
  });
});
