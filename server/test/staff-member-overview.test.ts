import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberPage } from '../../contract/staff-members.js';
import type { StaffBanks } from '../../contract/staff.js';
import { call, DEMO_MEMBER, login } from './helper.js';
import { queueServer } from './staff-queue-helpers.js';
import { operator, staffCall } from './staff-helpers.js';

/** The member page's lifetime figures (issue 39), as the ledger holds them after each kind of movement. */
describe('a member’s overview', () => {
  let q: Awaited<ReturnType<typeof queueServer>>;
  const overview = async () => ((await staffCall(q.server, q.agent, 'GET', '/members/1')).json() as MemberPage).overview;

  beforeAll(async () => {
    q = await queueServer();
  });
  afterAll(() => q.close());

  it('sums deposits, withdrawals paid and bonuses for the member’s life, with the first deposit and the last sign-in', async () => {
    // queueServer deposited 5000 through the operator and signed the member in
    const start = await overview();
    expect(start).toMatchObject({
      deposits: { count: 1, amount: 5000 },
      withdrawals: { count: 0, amount: 0 },
      bonuses: { count: 0, amount: 0 },
      net: 5000,
      firstDeposit: { amount: 5000 },
    });
    expect(start.lastSignInAt).not.toBeNull();

    await operator(q.server, 'deposit', DEMO_MEMBER.phone, '250.50');
    const asked = async (amount: number) =>
      ((await call(q.server.app, 'POST', '/api/wallet/withdraw', { amount }, { token: q.token })).json() as { withdrawalId: number })
        .withdrawalId;
    const paid = await asked(300);
    expect((await staffCall(q.server, q.finance, 'POST', `/withdrawals/${paid}/pay`, { reference: 'FT1' })).statusCode).toBe(200);
    // a rejected one moved nothing out, and a waiting one has not yet
    const rejected = await asked(120);
    expect((await staffCall(q.server, q.finance, 'POST', `/withdrawals/${rejected}/reject`, { reason: 'wrong account' })).statusCode).toBe(
      200,
    );
    await asked(80);
    q.server.clock.now += 60_000;
    await login(q.server.app);

    const now = await overview();
    expect(now).toMatchObject({
      deposits: { count: 2, amount: 5250.5 },
      withdrawals: { count: 1, amount: 300 },
      bonuses: { count: 0, amount: 0 },
      net: 4950.5,
      firstDeposit: start.firstDeposit,
      lastSignInAt: new Date(q.server.clock.now).toISOString(),
    });
    // finance sees what the member was told of the rejected one and the clerk's own reason; an agent only the
    // first (the audit trail is not an agent's to read)
    const withdrawalsFor = async (who: typeof q.agent) =>
      ((await staffCall(q.server, who, 'GET', '/members/1')).json() as MemberPage).withdrawals;
    const byFinance = await withdrawalsFor(q.finance);
    expect(byFinance.find((w) => w.id === rejected)).toMatchObject({
      status: 'FAILED',
      rejectReason: 'WITHDRAW_ASK_SUPPORT',
      staffReason: 'wrong account',
    });
    expect(byFinance.find((w) => w.id === paid)).toMatchObject({ status: 'SUCCESS', rejectReason: null, staffReason: null });
    expect((await withdrawalsFor(q.agent)).find((w) => w.id === rejected)).toMatchObject({
      rejectReason: 'WITHDRAW_ASK_SUPPORT',
      staffReason: null,
    });
  });

  it('answers zeros and no dates for a member who never deposited or signed in', async () => {
    const phone = '0899111222';
    await q.server.ctx.database.db
      .insertInto('members')
      .values({
        phone,
        name: 'New Member',
        status: 'active',
        password_hash: 'x',
        currency: 'BAHT',
        bank_code: '004',
        bank_account_name: 'NEW MEMBER',
        bank_account_no: '9990001111',
        created_at: q.server.clock.now,
      })
      .execute();
    const { id } = await q.server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const page = (await staffCall(q.server, q.agent, 'GET', `/members/${id}`)).json() as MemberPage;
    expect(page.overview).toEqual({
      deposits: { count: 0, amount: 0 },
      withdrawals: { count: 0, amount: 0 },
      bonuses: { count: 0, amount: 0 },
      net: 0,
      firstDeposit: null,
      lastSignInAt: null,
    });
  });

  it('names the banks for the console in its three languages, by the site’s code and by the code a slip’s QR carries', async () => {
    const { banks } = (await staffCall(q.server, q.agent, 'GET', '/banks')).json() as StaffBanks;
    // the Lao name for the console in Lao; null where the operator gave none
    expect(banks.find((b) => b.code === 'KBANK')).toEqual({
      code: 'KBANK',
      slipCode: '004',
      nameTH: 'ธนาคารกสิกรไทย',
      nameEN: 'Kasikornbank',
      nameLA: 'ທະນາຄານກະສິກອນໄທ',
    });
  });
});
