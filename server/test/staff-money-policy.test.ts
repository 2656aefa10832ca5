import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdjustmentList } from '../../contract/staff-adjustments.js';
import { ledgerProblems, walletOf } from './deposit-helpers.js';
import { DEMO_MEMBER } from './helper.js';
import { newMember } from './bonus-helpers.js';
import { auditOf } from './staff-queue-helpers.js';
import { operator, staffCall } from './staff-helpers.js';
import { requestAdjustment } from '../src/modules/adjustments/service.js';
import { adjustmentOf, adjustmentServer, ask } from './adjustment-helpers.js';

/**
 * The money policy (issue 36, server/src/modules/adjustments/policy.ts): one person's credits applied
 * alone never pass the threshold (the seeded 5,000 baht) within 24 hours, however they are split, sent at
 * once, or spread over the console and the CLI. Past it, each credit waits for a second person.
 */
describe('the money policy: what one staff member may credit alone', () => {
  let a: Awaited<ReturnType<typeof adjustmentServer>>;
  beforeEach(async () => {
    a = await adjustmentServer();
  });
  afterEach(() => a.close());

  it('ten credits of 4,999.99 in a row: the first applies, every other waits for a second person', async () => {
    const before = await walletOf(a.server);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 4999.99 })));
    expect(made.map((m) => m.status)).toEqual(['APPLIED', ...Array(9).fill('PENDING')]);
    expect(await walletOf(a.server)).toBe(before + 499_999);
    // the clerk reads why in the audit trail: the credits of the day, not the amount alone
    const [second] = await auditOf(a.server, 'adjustment.request', `adjustment:${made[1]!.id}`);
    expect(JSON.parse(second!.after_json!)).toMatchObject({ status: 'PENDING', waitsBecause: 'day', amount: 499_999, currency: 'BAHT' });
    // a second clerk approves one: it moves, and it does not count against the first clerk's allowance
    const ok = await staffCall(a.server, a.second, 'POST', `/adjustments/${made[1]!.id}/approve`, { reason: 'checked the bank' });
    expect(adjustmentOf(ok).status).toBe('APPLIED');
    expect(await walletOf(a.server)).toBe(before + 2 * 499_999);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('thirty credits of 200 at once to six members: exactly twenty-five apply (5,000), five wait', async () => {
    // six members: the members' own locks do not put the credits in a row, only the clerk's does
    const phones: string[] = [DEMO_MEMBER.phone];
    for (let i = 0; i < 5; i++) phones.push((await newMember(a.server)).phone);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ask(a.server, a.finance, { kind: 'credit', amount: 200, key: `burst-key-${i}`, phone: phones[i % phones.length]! }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const applied = answers.map(adjustmentOf).filter((adj) => adj.status === 'APPLIED');
    expect(applied).toHaveLength(25);
    expect(answers.map(adjustmentOf).filter((adj) => adj.status === 'PENDING')).toHaveLength(5);
    const credited = await a.server.ctx.database.db
      .selectFrom('adjustments')
      .select((eb) => eb.fn.sum<string>('amount').as('total'))
      .where('status', '=', 'APPLIED')
      .executeTakeFirstOrThrow();
    expect(Number(credited.total)).toBe(500_000);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('the console and the CLI (--as) share one allowance; another clerk has their own', async () => {
    const before = await walletOf(a.server);
    expect(adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 3000 })).status).toBe('APPLIED');
    // the console tells each clerk what they may still credit alone
    const leftOf = async (browser: typeof a.finance) =>
      ((await staffCall(a.server, browser, 'GET', '/adjustments')).json() as AdjustmentList).creditAloneLeft;
    expect(await leftOf(a.finance)).toEqual({ BAHT: 2000, LAK: 1_000_000 });
    expect(await leftOf(a.second)).toEqual({ BAHT: 5000, LAK: 1_000_000 });
    const [cli] = await operator(a.server, '--as', 'fin', 'adjust', 'credit', DEMO_MEMBER.phone, '3000', '--reason', 'by phone');
    expect(cli).toMatch(/waits for a second/);
    expect(await walletOf(a.server)).toBe(before + 300_000);
    expect(adjustmentOf(await ask(a.server, a.second, { kind: 'credit', amount: 5000 })).status).toBe('APPLIED');
    expect(await walletOf(a.server)).toBe(before + 800_000);
  });

  it('the allowance is a rolling 24 hours: a minute before it ends the next credit waits, after it applies', async () => {
    // the service the console's route and the CLI call, on a clock of the test's (staff sessions would end
    // over a day of the server's clock; the CLI reads the real one)
    let now = Date.now();
    const books = { database: a.server.ctx.database, now: () => now };
    const by = { actor: { kind: 'staff' as const, username: 'fin' } };
    const credit = (amount: number) =>
      requestAdjustment(books, by, { phone: DEMO_MEMBER.phone, kind: 'credit', amount, reason: 'by phone' });
    expect((await credit(5000)).status).toBe('APPLIED');
    now += 24 * 3600_000 - 60_000;
    expect((await credit(1)).status).toBe('PENDING');
    now += 60_000;
    expect((await credit(5000)).status).toBe('APPLIED');
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('debits take money out: they are not counted, and wait only above the threshold', async () => {
    expect(adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 5000 })).status).toBe('APPLIED');
    expect(adjustmentOf(await ask(a.server, a.finance, { kind: 'debit', amount: 5000 })).status).toBe('APPLIED');
    expect(adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 0.01 })).status).toBe('PENDING');
    expect(await ledgerProblems(a.server)).toEqual([]);
  });
});
