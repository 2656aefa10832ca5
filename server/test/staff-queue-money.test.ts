import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitingDepositRequestList, WaitingWithdrawalList } from '../../contract/staff-queues.js';
import { setSetting, statementOf, walletOf } from './deposit-helpers.js';
import { call, DEMO_MEMBER, message } from './helper.js';
import { auditOf, json, madeBy, queueServer, requestDeposit as depositRequest } from './staff-queue-helpers.js';
import { operator, staffCall } from './staff-helpers.js';
import { WITHDRAW_REASONS } from '../../contract/withdraw-reasons.js';

/** The staff console's withdrawals waiting and manual deposit requests (issue 23), and the operator's commands for them. */
describe('staff money queues', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  const db = () => q.server.ctx.database.db;
  const withdraw = async (amount: number) => {
    const res = await call(q.server.app, 'POST', '/api/wallet/withdraw', { amount }, { token: q.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { withdrawalId: number }).withdrawalId;
  };
  const withdrawal = (id: number) => db().selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const requestDeposit = (amount: number) => depositRequest(q.server, q.token, amount);
  const request = (id: number) => db().selectFrom('deposit_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    q = await queueServer();
    await setSetting(q.server, 'deposit', { ...q.server.ctx.settings.get('deposit'), isManual: true });
  });
  afterAll(() => q.close());

  it('lists withdrawals waiting with the member, the destination and the running bonus, as many as the dashboard counts', async () => {
    const id = await withdraw(150);
    const w = await withdrawal(id);
    // a bonus running while the withdrawal waits (granted after it was asked): the clerk sees the turnover left
    const bonus = await db()
      .insertInto('member_bonuses')
      .values({
        member_id: 1,
        bonus_code: 'DAILY10',
        promotion_code: null,
        amount: 1_000,
        currency: 'BAHT',
        percent_fail: 0,
        deposit_journal_id: null,
        journal_id: w.journal_id,
        finish_journal_id: null,
        turnover_target: 50_000,
        turnover_progress: 12_500,
        active: 1,
        received_at: q.server.clock.now,
        finished_at: null,
        finish_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const res = await staffCall(q.server, q.finance, 'GET', '/withdrawals');
      expect(res.statusCode).toBe(200);
      const { rows } = res.json() as WaitingWithdrawalList;
      expect(rows.find((r) => r.id === id)).toMatchObject({
        amount: 150,
        currency: 'BAHT',
        bankCode: DEMO_MEMBER.bankCode,
        bankAccountNo: DEMO_MEMBER.bankAccountNo,
        bankAccountName: DEMO_MEMBER.bankAccountName,
        member: { id: 1, phone: DEMO_MEMBER.phone, name: DEMO_MEMBER.name },
        bonus: { name: 'โบนัสรายวัน 10%', turnoverLeft: 375 },
      });
      const counts = (await staffCall(q.server, q.finance, 'GET', '/dashboard')).json() as { withdrawalsWaiting: number };
      expect(counts.withdrawalsWaiting).toBe(rows.length);
    } finally {
      await db().updateTable('member_bonuses').set({ active: 0 }).where('id', '=', bonus.id).execute();
    }
    expect((await staffCall(q.server, q.agent, 'GET', '/withdrawals')).statusCode).toBe(403);
    // one withdrawal waits at a time: the next tests ask their own
    expect((await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/reject`, { reason: 'listed only' })).statusCode).toBe(200);
  });

  it('pays with the bank reference recorded, the payout naming the clerk; a second action 409 WITHDRAW_NOT_PENDING', async () => {
    const id = await withdraw(120);
    const before = await walletOf(q.server);
    const bad = await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/pay`, { reference: 'x' });
    expect(bad.statusCode).toBe(400);
    const res = await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/pay`, { reference: 'FT26112500042' });
    expect([res.statusCode, message(res)]).toEqual([200, 'SUCCESS']);
    expect(await withdrawal(id)).toMatchObject({ status: 'SUCCESS', payout_ref: 'FT26112500042' });
    expect(await walletOf(q.server)).toBe(before);
    const [row] = await auditOf(q.server, 'withdrawal.pay', `withdrawal:${id}`);
    expect(row).toMatchObject({ actor_kind: 'staff', actor_username: 'fin' });
    expect(json(row!.after_json)).toEqual({ status: 'SUCCESS', reference: 'FT26112500042' });
    const payout = await db()
      .selectFrom('journal')
      .select('id')
      .where('type', '=', 'payout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(await madeBy(q.server, payout.id)).toBe('staff:fin');
    expect((await statementOf(q.server, q.token)).statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS' });
    for (const [action, body] of [
      ['pay', { reference: 'FT26112500043' }],
      ['reject', { reason: 'changed my mind' }],
    ] as const) {
      const again = await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/${action}`, body);
      expect([action, again.statusCode, message(again)]).toEqual([action, 409, 'WITHDRAW_NOT_PENDING']);
    }
    expect((await withdrawal(id)).payout_ref).toBe('FT26112500042');
  });

  it('rejects with a reason: the money returns to the wallet; without one 400 and nothing changed', async () => {
    const before = await walletOf(q.server);
    const id = await withdraw(130);
    const bare = await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/reject`, {});
    expect(bare.statusCode).toBe(400);
    expect((await withdrawal(id)).status).toBe('PENDING');
    // what the member reads must be one of the codes the site words: another is 400, nothing changed
    const unknown = await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/reject`, {
      reason: 'the account is closed',
      memberReason: 'WITHDRAW_BECAUSE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', member_reason: null });
    const res = await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/reject`, {
      reason: 'the account is closed',
      memberReason: 'WITHDRAW_ACCOUNT_UNREACHABLE',
    });
    expect(res.statusCode).toBe(200);
    expect(await walletOf(q.server)).toBe(before);
    const [row] = await auditOf(q.server, 'withdrawal.reject', `withdrawal:${id}`);
    expect(row).toMatchObject({ reason: 'the account is closed' });
    expect(json(row!.after_json)).toEqual({ status: 'FAILED', memberReason: 'WITHDRAW_ACCOUNT_UNREACHABLE' });
    // the member's statement line says why, as a code their site words; never the clerk's own words
    const line = (await statementOf(q.server, q.token)).statements[0];
    expect(line).toMatchObject({ statementType: 'withdraw', status: 'FAILED', rejectReason: 'WITHDRAW_ACCOUNT_UNREACHABLE' });
    expect(JSON.stringify(line)).not.toContain('the account is closed');
  });

  it('a rejection that says nothing of why tells the member to ask support; a paid withdrawal has no reason', async () => {
    const id = await withdraw(125);
    expect((await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/reject`, { reason: 'duplicate' })).statusCode).toBe(200);
    expect((await withdrawal(id)).member_reason).toBe('WITHDRAW_ASK_SUPPORT');
    expect((await statementOf(q.server, q.token)).statements[0]).toMatchObject({ status: 'FAILED', rejectReason: 'WITHDRAW_ASK_SUPPORT' });
    const paid = await withdraw(125);
    expect((await staffCall(q.server, q.finance, 'POST', `/withdrawals/${paid}/pay`, { reference: 'FT26120200001' })).statusCode).toBe(200);
    const [line] = (await statementOf(q.server, q.token)).statements;
    expect(line).toMatchObject({ status: 'SUCCESS' });
    expect(line).not.toHaveProperty('rejectReason');
  });

  it('every reason the site words is one the database keeps (a code the migration does not allow would be a 500)', async () => {
    for (const memberReason of WITHDRAW_REASONS) {
      const id = await withdraw(101);
      const res = await staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/reject`, { reason: 'each reason', memberReason });
      expect([memberReason, res.statusCode]).toEqual([memberReason, 200]);
      expect((await statementOf(q.server, q.token)).statements[0]).toMatchObject({ rejectReason: memberReason });
    }
  });

  it('the CLI: withdrawal pay needs --ref and records it, withdrawal reject needs --reason and tells the member --tell', async () => {
    const paid = await withdraw(110);
    await expect(operator(q.server, 'withdrawal', 'pay', String(paid))).rejects.toThrow(/--ref/);
    await expect(operator(q.server, 'withdrawal', 'pay', String(paid), '--ref', 'x')).rejects.toThrow(/--ref/);
    expect((await withdrawal(paid)).status).toBe('PENDING');
    expect(await operator(q.server, 'withdrawal', 'pay', String(paid), '--ref', 'FT26112500077')).toEqual([
      `withdrawal ${paid} paid (SUCCESS), bank reference FT26112500077`,
    ]);
    expect(await withdrawal(paid)).toMatchObject({ status: 'SUCCESS', payout_ref: 'FT26112500077' });
    const rejected = await withdraw(110);
    await expect(operator(q.server, 'withdrawal', 'reject', String(rejected))).rejects.toThrow(/--reason/);
    expect((await withdrawal(rejected)).status).toBe('PENDING');
    // --tell is what the member reads: one the site does not word is refused, nothing changed
    await expect(
      operator(q.server, 'withdrawal', 'reject', String(rejected), '--reason', 'wrong name', '--tell', 'because'),
    ).rejects.toThrow(/--tell .*name-mismatch, account-unreachable, turnover, ask-support/);
    expect((await withdrawal(rejected)).status).toBe('PENDING');
    expect(await operator(q.server, 'withdrawal', 'reject', String(rejected), '--reason', 'wrong name', '--tell', 'name-mismatch')).toEqual(
      [`withdrawal ${rejected} rejected (FAILED); the money is back in the wallet; the member is told name-mismatch`],
    );
    expect(await withdrawal(rejected)).toMatchObject({ status: 'FAILED', member_reason: 'WITHDRAW_NAME_MISMATCH' });
    expect((await auditOf(q.server, 'withdrawal.reject', `withdrawal:${rejected}`))[0]).toMatchObject({
      actor_kind: 'cli',
      reason: 'wrong name',
    });
  });

  it('lists manual deposit requests; confirm credits and names the clerk, a second action 409 DEPOSIT_REQUEST_NOT_PENDING', async () => {
    const id = await requestDeposit(500);
    const res = await staffCall(q.server, q.finance, 'GET', '/deposit-requests');
    const { rows } = res.json() as WaitingDepositRequestList;
    expect(rows.find((r) => r.id === id)).toMatchObject({ amount: 500, currency: 'BAHT', member: { id: 1, phone: DEMO_MEMBER.phone } });
    const counts = (await staffCall(q.server, q.finance, 'GET', '/dashboard')).json() as { depositRequestsWaiting: number };
    expect(counts.depositRequestsWaiting).toBe(rows.length);
    const before = await walletOf(q.server);
    expect((await staffCall(q.server, q.finance, 'POST', `/deposit-requests/${id}/confirm`, {})).statusCode).toBe(200);
    expect(await walletOf(q.server)).toBe(before + 50_000);
    // the member made the request; the clerk made its credit, the entry that posts it
    const credit = await q.server.ctx.database.db
      .selectFrom('ledger_entries')
      .select('ended_by')
      .where('id', '=', (await request(id)).journal_id)
      .executeTakeFirstOrThrow();
    expect(await madeBy(q.server, credit.ended_by)).toBe('staff:fin');
    for (const [action, body] of [
      ['confirm', {}],
      ['reject', { reason: 'never arrived' }],
    ] as const) {
      const again = await staffCall(q.server, q.finance, 'POST', `/deposit-requests/${id}/${action}`, body);
      expect([action, again.statusCode, message(again)]).toEqual([action, 409, 'DEPOSIT_REQUEST_NOT_PENDING']);
    }
    expect(await walletOf(q.server)).toBe(before + 50_000);
  });

  it('rejects a deposit request with a reason, crediting nothing; the CLI asks the reason too', async () => {
    const id = await requestDeposit(400);
    const before = await walletOf(q.server);
    expect((await staffCall(q.server, q.finance, 'POST', `/deposit-requests/${id}/reject`, {})).statusCode).toBe(400);
    await expect(operator(q.server, 'deposit-request', 'reject', String(id))).rejects.toThrow(/--reason/);
    expect((await request(id)).status).toBe('PENDING');
    const res = await staffCall(q.server, q.finance, 'POST', `/deposit-requests/${id}/reject`, { reason: 'no such transfer' });
    expect(res.statusCode).toBe(200);
    expect(await request(id)).toMatchObject({ status: 'FAILED' });
    expect(await walletOf(q.server)).toBe(before);
    expect((await auditOf(q.server, 'deposit-request.reject', `deposit-request:${id}`))[0]).toMatchObject({
      actor_username: 'fin',
      reason: 'no such transfer',
    });
  });
});
