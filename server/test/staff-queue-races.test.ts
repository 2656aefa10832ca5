import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems, setSetting, walletOf } from './deposit-helpers.js';
import { call, message } from './helper.js';
import { auditOf, queueServer, reviewSlip } from './staff-queue-helpers.js';
import { signedIn, staffCall } from './staff-helpers.js';

/** Two clerks acting on the same row at once (issue 23): exactly one succeeds, the other is told 409, the money moves once. */
describe('staff queue races', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  let second: Awaited<ReturnType<typeof signedIn>>['browser'];
  const outcome = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
  const conflicts = (responses: { statusCode: number }[]) => responses.filter((r) => r.statusCode === 409).map((r) => message(r as never));

  beforeAll(async () => {
    q = await queueServer();
    second = (await signedIn(q.server, 'fin2', 'finance')).browser;
    await setSetting(q.server, 'deposit', { ...q.server.ctx.settings.get('deposit'), isManual: true });
  });
  afterAll(() => q.close());

  it('two clerks approve the same slip at once: one credit, one 409 SLIP_NOT_WAITING', async () => {
    const { id } = await reviewSlip(q.server, 40_000);
    const before = await walletOf(q.server);
    const answers = await Promise.all([
      staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, {}),
      staffCall(q.server, second, 'POST', `/slips/${id}/approve`, {}),
    ]);
    expect(outcome(answers)).toEqual([200, 409]);
    expect(conflicts(answers)).toEqual(['SLIP_NOT_WAITING']);
    expect(await walletOf(q.server)).toBe(before + 40_000);
    expect(await auditOf(q.server, 'slip.approve', `slip:${id}`)).toHaveLength(1);
  });

  it('approve and reject of one slip at once: one of them, never both', async () => {
    const { id } = await reviewSlip(q.server, 40_000);
    const before = await walletOf(q.server);
    const answers = await Promise.all([
      staffCall(q.server, q.finance, 'POST', `/slips/${id}/approve`, {}),
      staffCall(q.server, second, 'POST', `/slips/${id}/reject`, { reason: 'SLIP_INVALID' }),
    ]);
    expect(outcome(answers)).toEqual([200, 409]);
    const status = (await q.server.ctx.database.db.selectFrom('slips').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
    expect(await walletOf(q.server)).toBe(status === 'SUCCESS' ? before + 40_000 : before);
    const audits = [...(await auditOf(q.server, 'slip.approve', `slip:${id}`)), ...(await auditOf(q.server, 'slip.reject', `slip:${id}`))];
    expect(audits).toHaveLength(1);
  });

  it('the same withdrawal paid twice at once, and paid and rejected at once: settled once, the other 409 WITHDRAW_NOT_PENDING', async () => {
    for (const other of [
      ['pay', { reference: 'FT0000000002' }],
      ['reject', { reason: 'paid twice?' }],
    ] as const) {
      const before = await walletOf(q.server);
      const lastEntry = await q.server.ctx.database.db.selectFrom('journal').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const res = await call(q.server.app, 'POST', '/api/wallet/withdraw', { amount: 200 }, { token: q.token });
      expect(res.statusCode, res.body).toBe(200);
      const { withdrawalId: id } = res.json() as { withdrawalId: number };
      const answers = await Promise.all([
        staffCall(q.server, q.finance, 'POST', `/withdrawals/${id}/pay`, { reference: 'FT0000000001' }),
        staffCall(q.server, second, 'POST', `/withdrawals/${id}/${other[0]}`, other[1]),
      ]);
      expect(outcome(answers)).toEqual([200, 409]);
      expect(conflicts(answers)).toEqual(['WITHDRAW_NOT_PENDING']);
      const w = await q.server.ctx.database.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // paid: the money left; rejected: it is back
      expect(await walletOf(q.server)).toBe(w.status === 'SUCCESS' ? before - 20_000 : before);
      const settled = await q.server.ctx.database.db
        .selectFrom('journal')
        .select('id')
        .where('type', 'in', ['payout', 'withdraw_return'])
        .where('member_id', '=', 1)
        .where('id', '>', lastEntry.id)
        .execute();
      expect(settled).toHaveLength(1);
    }
    expect(await ledgerProblems(q.server)).toEqual([]);
  });

  it('the same deposit request confirmed twice at once: credited once', async () => {
    const res = await call(q.server.app, 'POST', '/api/wallet/add', { amount: 300 }, { token: q.token });
    expect(res.statusCode, res.body).toBe(200);
    const { requestId: id } = res.json() as { requestId: number };
    const before = await walletOf(q.server);
    const answers = await Promise.all([
      staffCall(q.server, q.finance, 'POST', `/deposit-requests/${id}/confirm`, {}),
      staffCall(q.server, second, 'POST', `/deposit-requests/${id}/confirm`, {}),
    ]);
    expect(outcome(answers)).toEqual([200, 409]);
    expect(conflicts(answers)).toEqual(['DEPOSIT_REQUEST_NOT_PENDING']);
    expect(await walletOf(q.server)).toBe(before + 30_000);
    expect(await ledgerProblems(q.server)).toEqual([]);
  });
});
