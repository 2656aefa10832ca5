import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayCallback, ledgerProblems, otherMember, statementOf, walletOf } from './deposit-helpers.js';
import { call, DEMO_MEMBER, message } from './helper.js';
import { auditOf, queueServer } from './staff-queue-helpers.js';
import { operator, signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';

/**
 * Unmatched payment callbacks (issue 23): a payment the gateway reported that credited nobody is attached
 * to a member (a QR deposit, once) or marked refunded (nothing moves), from the console or the CLI.
 */
describe('unmatched payments', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let second: StaffBrowser;
  let txn = 0;
  const row = (id: string) =>
    q.server.ctx.database.db.selectFrom('qr_payments').selectAll().where('gateway_txn_id', '=', id).executeTakeFirstOrThrow();
  const list = async () =>
    (await staffCall(q.server, q.finance, 'GET', '/payments/unmatched')).json().rows as { gatewayTxnId: string; [k: string]: unknown }[];
  /** A payment for a code we never issued: the callback keeps it UNMATCHED (UNKNOWN_CODE). */
  const unknownPayment = async (amount: number) => {
    const id = `Upg${++txn}`;
    const res = await gatewayCallback(q.server, 'KBANK', {
      transactionId: id,
      ref: 'QRNOSUCHCODE0000',
      amount,
      paidAt: q.server.clock.now,
    });
    expect(res.json()).toEqual({ message: 'SUCCESS', status: 'UNMATCHED' });
    return id;
  };
  const attach = (id: string, body: unknown, as = q.finance) => staffCall(q.server, as, 'POST', `/payments/${id}/attach`, body);
  const refunded = (id: string, body: unknown, as = q.finance) => staffCall(q.server, as, 'POST', `/payments/${id}/refunded`, body);

  beforeAll(async () => {
    q = await queueServer();
    second = (await signedIn(q.server, 'fin2', 'finance')).browser;
  });
  afterAll(() => q.close());

  it('a payment for an expired code is listed with its reason, counted on the dashboard; an agent is refused', async () => {
    const code = (await call(q.server.app, 'POST', '/api/qrcode/KBANK', { amount: 120.5 }, { token: q.token })).json();
    q.server.clock.now += 11 * 60_000;
    const id = `Epg${++txn}`;
    await gatewayCallback(q.server, 'KBANK', { transactionId: id, ref: code.qrcodeId, amount: 120.5, paidAt: q.server.clock.now });
    expect((await list()).find((r) => r.gatewayTxnId === id)).toEqual({
      gatewayTxnId: id,
      provider: 'KBANK',
      ref: code.qrcodeId,
      amount: 120.5,
      currency: 'BAHT',
      codeMemberPhone: DEMO_MEMBER.phone,
      reason: 'CODE_EXPIRED',
      receivedAt: new Date(q.server.clock.now).toISOString(),
      hold: null,
    });
    const counts = (await staffCall(q.server, q.agent, 'GET', '/dashboard')).json();
    expect(counts.unmatchedPayments).toBe((await list()).length);
    const agent = await staffCall(q.server, q.agent, 'GET', '/payments/unmatched');
    expect([agent.statusCode, message(agent)]).toEqual([403, 'STAFF_FORBIDDEN']);
    const agentAttach = await attach(id, { phone: DEMO_MEMBER.phone, reason: 'paid late' }, q.agent);
    expect(agentAttach.statusCode).toBe(403);
  });

  it('attach credits the member a QR deposit once: balance, statement, audit with address, made_by; again is 409', async () => {
    const id = await unknownPayment(250.75);
    const before = await walletOf(q.server);
    const noReason = await attach(id, { phone: DEMO_MEMBER.phone, reason: '' });
    expect(noReason.statusCode).toBe(400);
    const nobody = await attach(id, { phone: '0800000009', reason: 'the member phoned' });
    expect([nobody.statusCode, message(nobody)]).toEqual([404, 'NO_DATA']);
    const res = await attach(id, { phone: DEMO_MEMBER.phone, reason: 'the member phoned with the receipt' });
    expect([res.statusCode, message(res)]).toEqual([200, 'SUCCESS']);
    expect(await walletOf(q.server)).toBe(before + 25_075);
    const [line] = (await statementOf(q.server, q.token)).statements;
    expect(line).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', amount: 250.75, from: 'QR_KBANK' });
    const stored = await row(id);
    expect([stored.status, stored.member_id, stored.resolved_by]).toEqual(['ATTACHED', 1, 'staff:fin']);
    const entry = await q.server.ctx.database.db
      .selectFrom('journal')
      .selectAll()
      .where('id', '=', stored.journal_id!)
      .executeTakeFirstOrThrow();
    expect(entry.made_by).toBe('staff:fin');
    const [audit] = await auditOf(q.server, 'payment.attach', `payment:${id}`);
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ status: 'ATTACHED', member: DEMO_MEMBER.phone, amount: 250.75 });
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ status: 'UNMATCHED', unmatched: 'UNKNOWN_CODE' });
    expect([audit!.reason, audit!.ip]).toEqual(['the member phoned with the receipt', expect.any(String)]);
    expect((await list()).some((r) => r.gatewayTxnId === id)).toBe(false);

    const again = await attach(id, { phone: DEMO_MEMBER.phone, reason: 'once more' });
    expect([again.statusCode, message(again)]).toEqual([409, 'PAYMENT_NOT_UNMATCHED']);
    const refund = await refunded(id, { reason: 'too late' });
    expect([refund.statusCode, message(refund)]).toEqual([409, 'PAYMENT_NOT_UNMATCHED']);
    expect(await walletOf(q.server)).toBe(before + 25_075);
    expect(await ledgerProblems(q.server)).toEqual([]);
  });

  it('a baht payment cannot go to a kip member: 400 PAYMENT_CURRENCY_MISMATCH, nothing changes', async () => {
    await otherMember(q.server, '0891112233');
    await q.server.ctx.database.db.updateTable('members').set({ currency: 'LAK' }).where('phone', '=', '0891112233').execute();
    const id = await unknownPayment(99);
    const res = await attach(id, { phone: '0891112233', reason: 'wrong member' });
    expect([res.statusCode, message(res)]).toEqual([400, 'PAYMENT_CURRENCY_MISMATCH']);
    expect((await row(id)).status).toBe('UNMATCHED');
    expect(await auditOf(q.server, 'payment.attach', `payment:${id}`)).toHaveLength(0);
  });

  it('refunded moves nothing, keeps the reason and reference, is audited; then attach is 409', async () => {
    const id = await unknownPayment(40);
    const before = await walletOf(q.server);
    const res = await refunded(id, { reason: 'sent back to the payer', reference: 'BANKREF123' });
    expect([res.statusCode, message(res)]).toEqual([200, 'SUCCESS']);
    const stored = await row(id);
    expect([stored.status, stored.resolved_reason, stored.resolved_reference, stored.journal_id]).toEqual([
      'REFUNDED',
      'sent back to the payer',
      'BANKREF123',
      null,
    ]);
    const [audit] = await auditOf(q.server, 'payment.refunded', `payment:${id}`);
    expect(JSON.parse(audit!.after_json!)).toEqual({ status: 'REFUNDED', reference: 'BANKREF123' });
    const late = await attach(id, { phone: DEMO_MEMBER.phone, reason: 'after all' });
    expect([late.statusCode, message(late)]).toEqual([409, 'PAYMENT_NOT_UNMATCHED']);
    expect(await walletOf(q.server)).toBe(before);
    const unknown = await refunded('NOSUCHTXN', { reason: 'what is this' });
    expect([unknown.statusCode, message(unknown)]).toEqual([404, 'NO_DATA']);
  });

  it('two clerks at once, attach and attach or attach and refunded: resolved once, the other 409', async () => {
    for (const other of [
      (id: string) => attach(id, { phone: DEMO_MEMBER.phone, reason: 'me too' }, second),
      (id: string) => refunded(id, { reason: 'refunded it' }, second),
    ]) {
      const id = await unknownPayment(10);
      const before = await walletOf(q.server);
      const answers = await Promise.all([attach(id, { phone: DEMO_MEMBER.phone, reason: 'mine' }), other(id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.filter((r) => r.statusCode === 409).map((r) => message(r))).toEqual(['PAYMENT_NOT_UNMATCHED']);
      const status = (await row(id)).status;
      expect(await walletOf(q.server)).toBe(status === 'ATTACHED' ? before + 1000 : before);
      const audits = [
        ...(await auditOf(q.server, 'payment.attach', `payment:${id}`)),
        ...(await auditOf(q.server, 'payment.refunded', `payment:${id}`)),
      ];
      expect(audits).toHaveLength(1);
    }
    expect(await ledgerProblems(q.server)).toEqual([]);
  });

  it('the CLI: payment attach and payment refunded, the same rules, the actor of --as', async () => {
    const a = await unknownPayment(15);
    const b = await unknownPayment(16);
    const before = await walletOf(q.server);
    await expect(operator(q.server, 'payment', 'attach', a, DEMO_MEMBER.phone)).rejects.toThrow('reason');
    const [told] = await operator(q.server, '--as', 'fin', 'payment', 'attach', a, DEMO_MEMBER.phone, '--reason', 'receipt seen');
    expect(told).toMatch(/15 BAHT credited/);
    expect(await walletOf(q.server)).toBe(before + 1500);
    await expect(operator(q.server, 'payment', 'attach', a, DEMO_MEMBER.phone, '--reason', 'again')).rejects.toThrow('not unmatched');
    await operator(q.server, 'payment', 'refunded', b, '--reason', 'returned by bank', '--ref', 'R-77');
    expect(await walletOf(q.server)).toBe(before + 1500);
    const [attached] = await auditOf(q.server, 'payment.attach', `payment:${a}`);
    const [refund] = await auditOf(q.server, 'payment.refunded', `payment:${b}`);
    expect([attached?.actor_kind, attached?.actor_username, refund?.actor_username]).toEqual(['cli', 'fin', 'system']);
    expect((await row(b)).resolved_reference).toBe('R-77');
  });
});
