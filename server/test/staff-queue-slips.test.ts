import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewSlipList } from '../../contract/staff-queues.js';
import { walletOf } from './deposit-helpers.js';
import { DEMO_MEMBER, message } from './helper.js';
import { auditOf, IMAGE, json, madeBy, memberSlip, queueServer, reviewSlip } from './staff-queue-helpers.js';
import { newBrowser, operator, staffCall } from './staff-helpers.js';

/** The staff console's slips in review (issue 23): the list, the image, approve and reject, by the same rule as the CLI. */
describe('staff slip queue', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  const slipRow = (id: number) => q.server.ctx.database.db.selectFrom('slips').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  beforeAll(async () => {
    q = await queueServer();
  });
  afterAll(() => q.close());

  it('lists the slips in review with the bank answer beside the member, as many as the dashboard counts', async () => {
    const { id, reference } = await reviewSlip(q.server, 110_000);
    const res = await staffCall(q.server, q.finance, 'GET', '/slips');
    expect(res.statusCode).toBe(200);
    const { rows } = res.json() as ReviewSlipList;
    expect(rows.find((r) => r.id === id)).toMatchObject({
      reference,
      note: 'SLIP_SENDER_MISMATCH',
      bankAmount: 1100,
      currency: 'BAHT',
      sender: 'KBANK xxx-x-x4567-x MR SOMCHAI J',
      sendingBank: '004',
      imageUrl: `/api/staff/slips/${id}/image`,
      member: { id: 1, phone: DEMO_MEMBER.phone, bankCode: DEMO_MEMBER.bankCode, bankAccountNo: DEMO_MEMBER.bankAccountNo },
    });
    const counts = (await staffCall(q.server, q.finance, 'GET', '/dashboard')).json() as { slipsInReview: number };
    expect(counts.slipsInReview).toBe(rows.length);
  });

  it('answers the image bytes to finance, 403 to an agent, 401 without a session', async () => {
    const { id } = await reviewSlip(q.server, 5_000);
    const res = await staffCall(q.server, q.finance, 'GET', `/slips/${id}/image`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(IMAGE)).toBe(true);
    const agent = await staffCall(q.server, q.agent, 'GET', `/slips/${id}/image`);
    expect([agent.statusCode, message(agent)]).toEqual([403, 'STAFF_FORBIDDEN']);
    const none = await staffCall(q.server, newBrowser(), 'GET', `/slips/${id}/image`);
    expect([none.statusCode, message(none)]).toEqual([401, 'STAFF_UNAUTHORIZED']);
    expect((await staffCall(q.server, q.finance, 'GET', '/slips/999999/image')).statusCode).toBe(404);
  });

  it("approves with the bank's amount by default: credited, SUCCESS for the member, the journal names the clerk; a second approval 409", async () => {
    const { id, reference } = await reviewSlip(q.server, 110_000);
    const before = await walletOf(q.server);
    const res = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, {});
    expect([res.statusCode, message(res)]).toEqual([200, 'SUCCESS']);
    expect(await walletOf(q.server)).toBe(before + 110_000);
    expect(await memberSlip(q.server, q.token, reference)).toMatchObject({ status: 'SUCCESS', amount: 1100 });
    expect(await madeBy(q.server, (await slipRow(id)).journal_id)).toBe('staff:fin');
    const [row] = await auditOf(q.server, 'slip.approve', `slip:${id}`);
    expect(row).toMatchObject({ actor_kind: 'staff', actor_username: 'fin', reason: null });
    expect(row!.ip).toBeTruthy();
    expect(json(row!.after_json)).toEqual({ status: 'SUCCESS', amount: 1100 });
    const again = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, {});
    expect([again.statusCode, message(again)]).toEqual([409, 'SLIP_NOT_WAITING']);
    expect(await walletOf(q.server)).toBe(before + 110_000);
  });

  it('refuses another amount without a reason, changing nothing; with one it credits that amount and says so in the trail', async () => {
    const { id, reference } = await reviewSlip(q.server, 110_000);
    const before = await walletOf(q.server);
    const refusals: [unknown, string][] = [
      [{ amount: 11_000 }, 'REASON_REQUIRED'],
      [{ amount: 11_000, reason: '  ' }, 'KEY_INVALID'],
      [{ amount: 10.005, reason: 'bank statement' }, 'AMOUNT_INVALID'],
      [{ amount: 0, reason: 'bank statement' }, 'AMOUNT_INVALID'],
      [{ amount: -5, reason: 'bank statement' }, 'AMOUNT_INVALID'],
    ];
    for (const [body, code] of refusals) {
      const res = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, body);
      expect([JSON.stringify(body), res.statusCode, message(res)]).toEqual([JSON.stringify(body), 400, code]);
    }
    expect(await walletOf(q.server)).toBe(before);
    expect((await slipRow(id)).status).toBe('REVIEW');
    expect(await auditOf(q.server, 'slip.approve', `slip:${id}`)).toEqual([]);

    const res = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, {
      amount: 1000,
      reason: 'the bank statement says 1,000',
    });
    expect(res.statusCode).toBe(200);
    expect(await walletOf(q.server)).toBe(before + 100_000);
    expect(await memberSlip(q.server, q.token, reference)).toMatchObject({ status: 'SUCCESS', amount: 1000 });
    const [row] = await auditOf(q.server, 'slip.approve', `slip:${id}`);
    expect(row!.reason).toBe('the bank statement says 1,000');
    expect(json(row!.before_json)).toEqual({ status: 'REVIEW', amount: 1100 });
    expect(json(row!.after_json)).toEqual({ status: 'SUCCESS', amount: 1000 });
  });

  it('asks an amount and a reason when the bank never told one', async () => {
    const { id } = await reviewSlip(q.server, 0);
    const none = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, {});
    expect([none.statusCode, message(none)]).toEqual([400, 'AMOUNT_REQUIRED']);
    const bare = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, { amount: 300 });
    expect([bare.statusCode, message(bare)]).toEqual([400, 'REASON_REQUIRED']);
    const before = await walletOf(q.server);
    expect((await staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, { amount: 300, reason: 'read by hand' })).statusCode).toBe(
      200,
    );
    expect(await walletOf(q.server)).toBe(before + 30_000);
  });

  it('409 SLIP_DUPLICATE when the bank transaction was already credited: the slip turns FAILED SLIP_DUPLICATE, money moved once', async () => {
    const first = await reviewSlip(q.server, 20_000, 'SAMEREF0001');
    const second = await reviewSlip(q.server, 20_000, 'SAMEREF0001');
    const before = await walletOf(q.server);
    expect((await staffCall(q.server, q.finance, 'POST', `/slips/${first.id}/approve`, {})).statusCode).toBe(200);
    const res = await staffCall(q.server, q.finance, 'POST', `/slips/${second.id}/approve`, {});
    expect([res.statusCode, message(res)]).toEqual([409, 'SLIP_DUPLICATE']);
    expect(await walletOf(q.server)).toBe(before + 20_000);
    expect(await memberSlip(q.server, q.token, second.reference)).toMatchObject({ status: 'FAILED', note: 'SLIP_DUPLICATE' });
  });

  it('rejects with a §4 reason the member reads; a second action 409; an unknown reason 400', async () => {
    const { id, reference } = await reviewSlip(q.server, 7_000);
    const before = await walletOf(q.server);
    const bad = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/reject`, { reason: 'NOT_A_REASON' });
    expect(bad.statusCode).toBe(400);
    const res = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/reject`, {
      reason: 'SLIP_WRONG_ACCOUNT',
      comment: 'paid to an old account',
    });
    expect([res.statusCode, message(res)]).toEqual([200, 'SUCCESS']);
    expect(await memberSlip(q.server, q.token, reference)).toMatchObject({ status: 'FAILED', note: 'SLIP_WRONG_ACCOUNT' });
    expect(await walletOf(q.server)).toBe(before);
    const [row] = await auditOf(q.server, 'slip.reject', `slip:${id}`);
    expect(row).toMatchObject({ actor_username: 'fin', reason: 'paid to an old account' });
    expect(json(row!.after_json)).toEqual({ status: 'FAILED', note: 'SLIP_WRONG_ACCOUNT' });
    for (const action of ['reject', 'approve']) {
      const again = await staffCall(q.server, q.finance, 'POST', `/slips/${id}/${action}`, { reason: 'SLIP_INVALID' });
      expect([action, again.statusCode, message(again)]).toEqual([action, 409, 'SLIP_NOT_WAITING']);
    }
  });

  it("the CLI: another amount than the bank's needs --reason (issue 23: `slip approve 2 11000` on a 1,100 baht slip)", async () => {
    // from the member's own account: at the bank's amount no one's word, so no --as either
    const { id } = await reviewSlip(q.server, 110_000, undefined, null);
    const before = await walletOf(q.server);
    await expect(operator(q.server, 'slip', 'approve', String(id), '11000')).rejects.toThrow(
      `slip ${id}: the bank said 1100 BAHT; crediting 11000 needs a reason`,
    );
    expect(await walletOf(q.server)).toBe(before);
    expect((await slipRow(id)).status).toBe('REVIEW');
    expect(await operator(q.server, 'slip', 'approve', String(id), '1100')).toEqual([`slip ${id} approved: 1100 BAHT credited (SUCCESS)`]);
    expect(await walletOf(q.server)).toBe(before + 110_000);
  });
});
