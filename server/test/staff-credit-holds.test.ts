import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UnmatchedPaymentList } from '../../contract/staff-payments.js';
import type { ReviewSlipList, WaitingDepositRequestList } from '../../contract/staff-queues.js';
import { gatewayCallback, ledgerProblems, setSetting, walletOf } from './deposit-helpers.js';
import { build, call, DEMO_MEMBER, message } from './helper.js';
import { newMember } from './bonus-helpers.js';
import { adjustmentOf, adjustmentServer, ask, creditedAlone } from './adjustment-helpers.js';
import { auditOf, json, requestDeposit as depositRequest, reviewSlip } from './staff-queue-helpers.js';
import { operator, staffCall } from './staff-helpers.js';

/**
 * The money policy on every path that credits on a staff member's word besides adjustments (issue 36,
 * credit-holds.ts): a slip approved above the bank's amount, a manual deposit request confirmed, an
 * unmatched payment attached. One clerk's credits alone, over every path, stay within the threshold (the
 * seeded 5,000 baht) in 24 hours; past it the credit waits for a second finance clerk or admin.
 */
describe('the money policy on slips, deposit requests and payments', () => {
  let a: Awaited<ReturnType<typeof adjustmentServer>>;
  const db = () => a.server.ctx.database.db;
  const slips = async () => ((await staffCall(a.server, a.finance, 'GET', '/slips')).json() as ReviewSlipList).rows;
  const approve = (browser = a.finance, id: number, body: object) => staffCall(a.server, browser, 'POST', `/slips/${id}/approve`, body);
  const requestDeposit = (token: string, amount: number) => depositRequest(a.server, token, amount);
  const idOf = async (phone: string) =>
    (await db().selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  const staffCredits = (person: string) => creditedAlone(a.server, person);

  beforeEach(async () => {
    a = await adjustmentServer();
    await setSetting(a.server, 'deposit', { ...a.server.ctx.settings.get('deposit'), isManual: true });
  });
  afterEach(() => a.close());

  it("a slip approved for far more than the bank's amount waits; the same clerk cannot finish it, a second clerk does", async () => {
    const { id } = await reviewSlip(a.server, 10_000);
    const before = await walletOf(a.server);
    const held = await approve(a.finance, id, { amount: 100_000, reason: 'the slip says more' });
    expect([held.statusCode, message(held)]).toEqual([202, 'CREDIT_WAITS']);
    expect(await walletOf(a.server)).toBe(before);
    // still in review, with the approval waiting beside it
    expect((await slips()).find((s) => s.id === id)).toMatchObject({
      bankAmount: 100,
      hold: { amount: 100_000, askedBy: 'staff:fin', reason: 'the slip says more', because: 'amount' },
    });
    const [row] = await auditOf(a.server, 'slip.approve', `slip:${id}`);
    expect(json(row!.after_json)).toMatchObject({ status: 'WAITING', amount: 100_000, waitsBecause: 'amount' });

    const again = await approve(a.finance, id, { amount: 100_000, reason: 'the slip says more' });
    expect([again.statusCode, message(again)]).toEqual([403, 'FOUR_EYES']);
    expect(await walletOf(a.server)).toBe(before);

    const second = await approve(a.second, id, { amount: 100_000, reason: 'saw the bank statement' });
    expect([second.statusCode, message(second)]).toEqual([200, 'SUCCESS']);
    expect(await walletOf(a.server)).toBe(before + 10_000_000);
    expect((await slips()).find((s) => s.id === id)).toBeUndefined();
    // a credit a second person approved counts against no one's allowance
    expect(await staffCredits('fin')).toBe(0);
    expect(await staffCredits('fin2')).toBe(0);
    const rows = await auditOf(a.server, 'slip.approve', `slip:${id}`);
    expect(rows.map((r) => [r.actor_username, (json(r.after_json) as { status: string }).status])).toEqual([
      ['fin', 'WAITING'],
      ['fin2', 'SUCCESS'],
    ]);
    expect((json(rows[1]!.after_json) as { secondTo: string }).secondTo).toBe('staff:fin');
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it("the part above the bank's amount counts: ten slips each 4,999 over the bank's, one applies, nine wait; at the bank's amount nothing is judged", async () => {
    const before = await walletOf(a.server);
    const answers = [];
    for (let i = 0; i < 10; i++) {
      // from the member's own account, on a bank account the operator checks by hand
      const { id } = await reviewSlip(a.server, 10_000, undefined, null);
      answers.push((await approve(a.finance, id, { amount: 5099, reason: 'typed by the bank wrong' })).statusCode);
    }
    expect(answers).toEqual([200, ...Array(9).fill(202)]);
    expect(await walletOf(a.server)).toBe(before + 509_900);
    expect(await staffCredits('fin')).toBe(499_900);
    // the bank's own amount is no one's word: it applies whatever the clerk credited alone today
    const { id } = await reviewSlip(a.server, 250_000, undefined, null);
    expect((await approve(a.finance, id, {})).statusCode).toBe(200);
    expect(await walletOf(a.server)).toBe(before + 509_900 + 250_000);
  });

  it("a slip not from the member's account, whose sender could be another member, or whose receiving account could be a retired one, is the clerk's word at the bank's amount too", async () => {
    const before = await walletOf(a.server);
    for (const note of ['SLIP_SENDER_MISMATCH', 'SLIP_SENDER_AMBIGUOUS', 'SLIP_ACCOUNT_AMBIGUOUS']) {
      const { id } = await reviewSlip(a.server, 600_000, undefined, note);
      const alone = await approve(a.finance, id, {});
      expect([note, alone.statusCode, message(alone)]).toEqual([note, 202, 'CREDIT_WAITS']);
      expect((await slips()).find((s) => s.id === id)).toMatchObject({ hold: { amount: 6000, because: 'amount' } });
      expect((await approve(a.second, id, {})).statusCode).toBe(200);
    }
    expect(await walletOf(a.server)).toBe(before + 1_800_000);
    // within the allowance it applies alone, and counts against it
    const { id } = await reviewSlip(a.server, 100_000);
    expect((await approve(a.finance, id, {})).statusCode).toBe(200);
    expect(await staffCredits('fin')).toBe(100_000);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('another amount for a held slip replaces the hold and is judged afresh; rejecting the slip ends it', async () => {
    const { id } = await reviewSlip(a.server, 10_000);
    expect((await approve(a.finance, id, { amount: 90_000, reason: 'the slip says more' })).statusCode).toBe(202);
    // the second clerk credits the bank's amount instead: no one's word, it applies
    expect((await approve(a.second, id, {})).statusCode).toBe(200);
    const holds = await db().selectFrom('credit_holds').select(['status', 'decided_by']).where('source', '=', `slip:${id}`).execute();
    expect(holds).toEqual([{ status: 'REPLACED', decided_by: 'staff:fin2' }]);

    const other = await reviewSlip(a.server, 10_000);
    expect((await approve(a.finance, other.id, { amount: 90_000, reason: 'the slip says more' })).statusCode).toBe(202);
    const rejected = await staffCall(a.server, a.second, 'POST', `/slips/${other.id}/reject`, { reason: 'SLIP_INVALID' });
    expect(rejected.statusCode).toBe(200);
    expect(await db().selectFrom('credit_holds').select('status').where('source', '=', `slip:${other.id}`).execute()).toEqual([
      { status: 'ENDED' },
    ]);
  });

  it('a held slip whose transfer another slip credited fails as a duplicate and its hold ends; a credited transfer never waits', async () => {
    // the real sender's and a look-alike's uploads of one transfer, both in review
    const lookAlike = await reviewSlip(a.server, 600_000, 'ONETRANSFER01', 'SLIP_SENDER_AMBIGUOUS');
    const real = await reviewSlip(a.server, 600_000, 'ONETRANSFER01', 'SLIP_SENDER_AMBIGUOUS');
    expect((await approve(a.second, lookAlike.id, {})).statusCode).toBe(202);
    expect((await approve(a.finance, real.id, {})).statusCode).toBe(202);
    expect((await approve(a.second, real.id, {})).statusCode).toBe(200);
    const late = await approve(a.finance, lookAlike.id, {});
    expect([late.statusCode, message(late)]).toEqual([409, 'SLIP_DUPLICATE']);
    const holdsOf = (id: number) =>
      db().selectFrom('credit_holds').select(['status', 'decided_by']).where('source', '=', `slip:${id}`).execute();
    expect(await holdsOf(lookAlike.id)).toEqual([{ status: 'ENDED', decided_by: 'cli:system' }]);
    // a third upload of it, asked past the clerk's allowance: a duplicate at once, not a wait for nothing
    const third = await reviewSlip(a.server, 600_000, 'ONETRANSFER01', 'SLIP_SENDER_AMBIGUOUS');
    const again = await approve(a.finance, third.id, {});
    expect([again.statusCode, message(again)]).toEqual([409, 'SLIP_DUPLICATE']);
    expect(await holdsOf(third.id)).toEqual([]);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('the slips, requests and adjustments of one clerk share one allowance; the CLI needs --as and follows it too', async () => {
    const member = await newMember(a.server);
    expect(adjustmentOf(await ask(a.server, a.finance, { kind: 'credit', amount: 3000 })).status).toBe('APPLIED');
    const { id } = await reviewSlip(a.server, 10_000, undefined, null);
    // 3,000 + 1,900 above the bank's: within 5,000
    expect((await approve(a.finance, id, { amount: 2000, reason: 'the slip says more' })).statusCode).toBe(200);
    const requestId = await requestDeposit(member.token, 100.01);
    const confirm = await staffCall(a.server, a.finance, 'POST', `/deposit-requests/${requestId}/confirm`, {});
    expect([confirm.statusCode, message(confirm)]).toEqual([202, 'CREDIT_WAITS']);
    const waiting = ((await staffCall(a.server, a.finance, 'GET', '/deposit-requests')).json() as WaitingDepositRequestList).rows;
    expect(waiting.find((r) => r.id === requestId)).toMatchObject({ amount: 100.01, hold: { askedBy: 'staff:fin', because: 'day' } });
    // the shell without --as credits nothing on anyone's word
    await expect(operator(a.server, 'deposit-request', 'confirm', String(requestId))).rejects.toThrow('--as');
    await expect(operator(a.server, 'deposit-request', 'confirm', String(requestId), '--as', 'fin')).rejects.toThrow(
      'second finance clerk',
    );
    expect(await operator(a.server, 'deposit-request', 'confirm', String(requestId), '--as', 'fin2')).toEqual([
      `deposit request ${requestId} confirmed (SUCCESS): the wallet is credited`,
    ]);
    expect(await walletOf(a.server, await idOf(member.phone))).toBe(10_001);
    expect(await staffCredits('fin')).toBe(490_000);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('twenty requests confirmed at once by one clerk: the credits applied alone stop at the threshold', async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await newMember(a.server));
    const ids = await Promise.all(members.map((m) => requestDeposit(m.token, 300)));
    const answers = await Promise.all(ids.map((id) => staffCall(a.server, a.finance, 'POST', `/deposit-requests/${id}/confirm`, {})));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(16);
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(4);
    expect(await staffCredits('fin')).toBe(480_000);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('an unmatched payment attached past the allowance waits; the second clerk attaching it to the same member applies it', async () => {
    const code = (await call(a.server.app, 'POST', '/api/qrcode/KBANK', { amount: 6000 }, { token: a.token })).json();
    a.server.clock.now += 11 * 60_000;
    await gatewayCallback(a.server, 'KBANK', { transactionId: 'HOLD1', ref: code.qrcodeId, amount: 6000, paidAt: a.server.clock.now });
    const before = await walletOf(a.server);
    const attach = (browser = a.finance, phone: string = DEMO_MEMBER.phone) =>
      staffCall(a.server, browser, 'POST', '/payments/HOLD1/attach', { phone, reason: 'receipt seen' });
    const held = await attach();
    expect([held.statusCode, message(held)]).toEqual([202, 'CREDIT_WAITS']);
    const listed = ((await staffCall(a.server, a.finance, 'GET', '/payments/unmatched')).json() as UnmatchedPaymentList).rows;
    expect(listed.find((p) => p.gatewayTxnId === 'HOLD1')?.hold).toMatchObject({
      amount: 6000,
      phone: DEMO_MEMBER.phone,
      because: 'amount',
    });
    const again = await attach();
    expect([again.statusCode, message(again)]).toEqual([403, 'FOUR_EYES']);
    const other = await newMember(a.server);
    // another member is another credit: judged afresh (still above the threshold), the hold now names them
    expect((await attach(a.second, other.phone)).statusCode).toBe(202);
    expect((await attach(a.finance)).statusCode).toBe(202);
    expect((await attach(a.second)).statusCode).toBe(200);
    expect(await walletOf(a.server)).toBe(before + 600_000);
    expect(await walletOf(a.server, await idOf(other.phone))).toBe(0);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it("a second clerk's confirmation sent twice at once credits once: the other is 409, and no hold is left behind", async () => {
    const member = await newMember(a.server);
    for (let round = 0; round < 5; round++) {
      const id = await requestDeposit(member.token, 6000);
      const confirm = (browser = a.finance) => staffCall(a.server, browser, 'POST', `/deposit-requests/${id}/confirm`, {});
      expect((await confirm()).statusCode).toBe(202);
      const [one, two] = await Promise.all([confirm(a.second), confirm(a.second)]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
      const left = await db().selectFrom('credit_holds').select('status').where('source', '=', `deposit-request:${id}`).execute();
      expect(left.map((h) => h.status)).toEqual(['APPLIED']);
    }
    expect(await walletOf(a.server, await idOf(member.phone))).toBe(5 * 600_000);
    expect(await ledgerProblems(a.server)).toEqual([]);
  });

  it('two clerks attaching one payment to two members at once: never a 500, one hold at most, and it stays unmatched', async () => {
    const other = await newMember(a.server);
    for (let round = 0; round < 5; round++) {
      const code = (await call(a.server.app, 'POST', '/api/qrcode/KBANK', { amount: 6000 }, { token: a.token })).json();
      a.server.clock.now += 11 * 60_000;
      const txn = `RACE${round}`;
      await gatewayCallback(a.server, 'KBANK', { transactionId: txn, ref: code.qrcodeId, amount: 6000, paidAt: a.server.clock.now });
      const answers = await Promise.all([
        staffCall(a.server, a.finance, 'POST', `/payments/${txn}/attach`, { phone: DEMO_MEMBER.phone, reason: 'receipt seen' }),
        staffCall(a.server, a.second, 'POST', `/payments/${txn}/attach`, { phone: other.phone, reason: 'receipt seen' }),
      ]);
      // above the threshold for each alone: both wait, the later one's hold replacing the first's
      expect(answers.map((r) => [r.statusCode, message(r)])).toEqual([
        [202, 'CREDIT_WAITS'],
        [202, 'CREDIT_WAITS'],
      ]);
      const pending = await db()
        .selectFrom('credit_holds')
        .select('id')
        .where('source', '=', `payment:${txn}`)
        .where('status', '=', 'PENDING')
        .execute();
      expect(pending).toHaveLength(1);
      const payment = await db().selectFrom('qr_payments').select('status').where('gateway_txn_id', '=', txn).executeTakeFirstOrThrow();
      expect(payment.status).toBe('UNMATCHED');
    }
    expect(await ledgerProblems(a.server)).toEqual([]);
  });
});

describe("the CLI's demo top-up in production", () => {
  it("is refused: money reaches a wallet on a person's word only under the money policy", async () => {
    const server = await build({ production: true });
    try {
      const before = await walletOf(server);
      await expect(operator(server, 'deposit', DEMO_MEMBER.phone, '100')).rejects.toThrow('refused in production');
      expect(await walletOf(server)).toBe(before);
    } finally {
      await server.close();
    }
  });
});
