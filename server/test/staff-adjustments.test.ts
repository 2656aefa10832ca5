import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerProblems, setSetting, statementOf, walletOf } from './deposit-helpers.js';
import { message } from './helper.js';
import { auditOf } from './staff-queue-helpers.js';
import { operator, signedIn, staffCall } from './staff-helpers.js';
import { adjustmentOf, adjustmentServer, ask, entryOf, newPolicyDay } from './adjustment-helpers.js';

/** Staff adjustments with four-eyes approval (issue 23): what the clerks, the member and the ledger see. */
describe('staff adjustments', () => {
  let a: Awaited<ReturnType<typeof adjustmentServer>>;
  const pendingIds = async () =>
    ((await staffCall(a.server, a.finance, 'GET', '/adjustments')).json() as { pending: { id: number }[] }).pending.map((p) => p.id);

  beforeAll(async () => {
    a = await adjustmentServer();
  });
  afterAll(() => a.close());
  // each test judges its own credits under the money policy, not the sum of the tests before it
  beforeEach(() => newPolicyDay(a.server));

  it('a credit at or below the threshold is applied at once: balance, statement line, balanced entry naming the clerk, audit', async () => {
    const before = await walletOf(a.server);
    const res = await ask(a.server, a.finance, { kind: 'credit', amount: 5000 });
    expect(res.statusCode, res.body).toBe(200);
    const adj = adjustmentOf(res);
    expect([adj.status, adj.amount, adj.currency, adj.requestedBy, adj.decidedBy]).toEqual([
      'APPLIED',
      5000,
      'BAHT',
      'staff:fin',
      'staff:fin',
    ]);
    expect(await walletOf(a.server)).toBe(before + 500_000);
    const line = (await statementOf(a.server, a.token)).statements[0]!;
    expect(line).toMatchObject({
      _id: adj.journalId,
      statementType: 'adjustment',
      from: 'STAFF',
      to: 'WALLET',
      amount: 5000,
      status: 'SUCCESS',
    });
    const entry = await entryOf(a.server, adj.journalId!);
    expect([entry.sum, entry.postings, entry.made_by]).toEqual([0, 2, 'staff:fin']);
    const [request] = await auditOf(a.server, 'adjustment.request', `adjustment:${adj.id}`);
    expect([request?.actor_username, request?.reason]).toEqual(['fin', 'counted twice']);
    expect(await auditOf(a.server, 'adjustment.apply', `adjustment:${adj.id}`)).toHaveLength(1);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('a debit shows as money out; one larger than the wallet is 409 MONEY_NOT_ENOUGH and records nothing', async () => {
    const before = await walletOf(a.server);
    const res = await ask(a.server, a.finance, { kind: 'debit', amount: 10.5 });
    expect([res.statusCode, adjustmentOf(res).status]).toEqual([200, 'APPLIED']);
    expect(await walletOf(a.server)).toBe(before - 1050);
    expect((await statementOf(a.server, a.token)).statements[0]).toMatchObject({ statementType: 'adjustment', to: 'STAFF', amount: -10.5 });
    const count = async () => (await a.server.ctx.database.db.selectFrom('adjustments').select('id').execute()).length;
    const rows = await count();
    await setSetting(a.server, 'adjustments', { approvalAboveBaht: 1e9, approvalAboveKip: 1e9 });
    const tooMuch = await ask(a.server, a.finance, { kind: 'debit', amount: (before - 1050) / 100 + 1 });
    await setSetting(a.server, 'adjustments', { approvalAboveBaht: 5000, approvalAboveKip: 1_000_000 });
    expect([tooMuch.statusCode, message(tooMuch)]).toEqual([409, 'MONEY_NOT_ENOUGH']);
    expect([await walletOf(a.server), await count()]).toEqual([before - 1050, rows]);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('refuses bad input with its code and changes nothing: no reason, no amount, a stranger, an agent', async () => {
    const before = await walletOf(a.server);
    const cases = [
      [await ask(a.server, a.finance, { kind: 'credit', amount: 10, reason: '  ' }), 400, 'REASON_REQUIRED'],
      [await ask(a.server, a.finance, { kind: 'credit', amount: 0 }), 400, 'AMOUNT_INVALID'],
      [await ask(a.server, a.finance, { kind: 'credit', amount: 1.001 }), 400, 'AMOUNT_INVALID'],
      [
        await staffCall(a.server, a.finance, 'POST', '/adjustments', { phone: '0899999999', kind: 'credit', amount: 1, reason: 'who?' }),
        404,
        'NO_DATA',
      ],
      [await ask(a.server, a.agent, { kind: 'credit', amount: 10 }), 403, 'STAFF_FORBIDDEN'],
    ] as const;
    for (const [res, status, code] of cases) expect([res.statusCode, message(res)]).toEqual([status, code]);
    expect(await walletOf(a.server)).toBe(before);
  });

  it('above the threshold it waits; the requester cannot approve (403 FOUR_EYES); another clerk approves: the money moves once, made_by names the approver', async () => {
    const before = await walletOf(a.server);
    const adj = adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 5000.01 }));
    expect([adj.status, adj.journalId]).toEqual(['PENDING', null]);
    expect(await walletOf(a.server)).toBe(before);
    expect(await pendingIds()).toContain(adj.id);

    const own = await staffCall(a.server, a.finance, 'POST', `/adjustments/${adj.id}/approve`, {});
    expect([own.statusCode, message(own)]).toEqual([403, 'FOUR_EYES']);
    expect(await walletOf(a.server)).toBe(before);

    const ok = await staffCall(a.server, a.second, 'POST', `/adjustments/${adj.id}/approve`, { reason: 'checked the bank' });
    expect(ok.statusCode, ok.body).toBe(200);
    const done = adjustmentOf(ok);
    expect([done.status, done.decidedBy, done.decisionReason]).toEqual(['APPLIED', 'staff:fin2', 'checked the bank']);
    expect(await walletOf(a.server)).toBe(before + 500_001);
    expect((await entryOf(a.server, done.journalId!)).made_by).toBe('staff:fin2');
    const [approve] = await auditOf(a.server, 'adjustment.approve', `adjustment:${adj.id}`);
    expect([approve?.actor_username, JSON.parse(approve!.before_json!).requestedBy]).toEqual(['fin2', 'staff:fin']);

    const again = await staffCall(a.server, a.second, 'POST', `/adjustments/${adj.id}/approve`, {});
    expect([again.statusCode, message(again)]).toEqual([409, 'ADJUSTMENT_NOT_PENDING']);
    expect(await walletOf(a.server)).toBe(before + 500_001);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it("a request retried with its key answers the first and moves the money once; another clerk's same key is their own", async () => {
    const before = await walletOf(a.server);
    const first = await ask(a.server, a.finance, { kind: 'credit', amount: 7, key: 'form-0001' });
    const again = await ask(a.server, a.finance, { kind: 'credit', amount: 7, key: 'form-0001' });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(adjustmentOf(again).id).toBe(adjustmentOf(first).id);
    expect(await walletOf(a.server)).toBe(before + 700);
    const theirs = await ask(a.server, a.second, { kind: 'credit', amount: 7, key: 'form-0001' });
    expect(adjustmentOf(theirs).id).not.toBe(adjustmentOf(first).id);
    expect(await walletOf(a.server)).toBe(before + 1400);
  });

  it('a rejection needs a reason and moves nothing', async () => {
    const before = await walletOf(a.server);
    const adj = adjustmentOf(await ask(a.server, a.second, { kind: 'debit', amount: 5001 }));
    const bare = await staffCall(a.server, a.finance, 'POST', `/adjustments/${adj.id}/reject`, {});
    expect(bare.statusCode).toBe(400);
    const res = await staffCall(a.server, a.finance, 'POST', `/adjustments/${adj.id}/reject`, { reason: 'no ticket for it' });
    expect([res.statusCode, adjustmentOf(res).status, adjustmentOf(res).journalId]).toEqual([200, 'REJECTED', null]);
    expect(await walletOf(a.server)).toBe(before);
    expect(await auditOf(a.server, 'adjustment.reject', `adjustment:${adj.id}`)).toHaveLength(1);
    const late = await staffCall(a.server, a.finance, 'POST', `/adjustments/${adj.id}/approve`, {});
    expect([late.statusCode, message(late)]).toEqual([409, 'ADJUSTMENT_NOT_PENDING']);
  });

  it('reverses a deposit once; a second reversal is 409 ADJUSTMENT_REVERSED; a reversal is not itself reversible', async () => {
    const deposit = (await statementOf(a.server, a.token)).statements.find((s) => s.statementType === 'deposit')!;
    const before = await walletOf(a.server);
    const res = await ask(a.server, a.finance, { kind: 'reverse', journalId: deposit._id });
    expect(res.statusCode, res.body).toBe(200);
    const adj = adjustmentOf(res);
    expect([adj.status, adj.amount, adj.reverses]).toEqual(['APPLIED', 5000, deposit._id]);
    expect(await walletOf(a.server)).toBe(before - 500_000);
    expect((await statementOf(a.server, a.token)).statements[0]).toMatchObject({
      statementType: 'adjustment',
      to: 'REVERSAL',
      amount: -5000,
    });
    const twice = await ask(a.server, a.second, { kind: 'reverse', journalId: deposit._id });
    expect([twice.statusCode, message(twice)]).toEqual([409, 'ADJUSTMENT_REVERSED']);
    const ofReversal = await ask(a.server, a.second, { kind: 'reverse', journalId: adj.journalId! });
    expect([ofReversal.statusCode, message(ofReversal)]).toEqual([404, 'NO_DATA']);
    expect(await walletOf(a.server)).toBe(before - 500_000);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('refuses to reverse a credit the member has already spent: 409 MONEY_NOT_ENOUGH, nothing moved', async () => {
    const credit = adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 100 }));
    const all = await walletOf(a.server);
    // the money is gone again (as if spent): a debit down to 50 baht, approved by the second clerk when above the threshold
    const spend = adjustmentOf(await ask(a.server, a.finance, { kind: 'debit', amount: (all - 5000) / 100 }));
    if (spend.status === 'PENDING') await staffCall(a.server, a.second, 'POST', `/adjustments/${spend.id}/approve`, {});
    expect(await walletOf(a.server)).toBe(5000);
    const res = await ask(a.server, a.second, { kind: 'reverse', journalId: credit.journalId! });
    expect([res.statusCode, message(res)]).toEqual([409, 'MONEY_NOT_ENOUGH']);
    expect(await walletOf(a.server)).toBe(5000);
    const retry = await ask(a.server, a.second, { kind: 'reverse', journalId: credit.journalId! });
    expect(message(retry)).toBe('MONEY_NOT_ENOUGH');
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('a credit asked by a clerk disabled since is no longer approved (409 ASKER_DISABLED): a rejection clears it, nothing moves', async () => {
    const leaving = (await signedIn(a.server, 'leaving', 'finance')).browser;
    const before = await walletOf(a.server);
    const adj = adjustmentOf(await ask(a.server, leaving, { kind: 'credit', amount: 6000 }));
    expect(adj.status).toBe('PENDING');
    await operator(a.server, 'staff', 'disable', 'leaving');
    const late = await staffCall(a.server, a.second, 'POST', `/adjustments/${adj.id}/approve`, { reason: 'looks fine' });
    expect([late.statusCode, message(late)]).toEqual([409, 'ASKER_DISABLED']);
    expect(await walletOf(a.server)).toBe(before);
    const cleared = await staffCall(a.server, a.second, 'POST', `/adjustments/${adj.id}/reject`, { reason: 'asker left' });
    expect([cleared.statusCode, adjustmentOf(cleared).status]).toEqual([200, 'REJECTED']);
    expect(await walletOf(a.server)).toBe(before);
    // an approval's note is kept whole or refused, never dropped
    const next = adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 5000.01 }));
    const short = await staffCall(a.server, a.second, 'POST', `/adjustments/${next.id}/approve`, { reason: '  ok  ' });
    expect([short.statusCode, message(short)]).toEqual([400, 'REASON_REQUIRED']);
    await staffCall(a.server, a.second, 'POST', `/adjustments/${next.id}/reject`, { reason: 'test over' });
  });
});
