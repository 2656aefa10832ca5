import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberPage, MemberSearchRow } from '../../contract/staff-members.js';
import { call, DEMO_MEMBER, login, message } from './helper.js';
import { auditOf, queueServer, type QueueServer } from './staff-queue-helpers.js';
import { operator, staffCall } from './staff-helpers.js';

/** Members the search must tell apart: the demo member (id 1) and these, each matching by one key only. */
const OTHERS = [
  { phone: '0899000111', name: 'Malee Rakdee', bank_account_no: '5550001111' },
  { phone: '0899000222', name: 'ann_smith 100%', bank_account_no: '5550002222' },
  { phone: '0899000333', name: 'Annabel Wong', bank_account_no: '7771239876' },
];

describe('staff members', () => {
  let s: QueueServer;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    s = await queueServer();
    for (const m of OTHERS) {
      const row = await s.server.ctx.database.db
        .insertInto('members')
        .values({
          ...m,
          password_hash: 'x',
          status: 'active',
          currency: 'BAHT',
          bank_code: 'SCB',
          bank_account_name: m.name,
          bank_changed_at: null,
          source_code: null,
          inviter_id: null,
          created_at: s.server.clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[m.phone] = row.id;
    }
  });
  afterAll(() => s.close());

  const search = async (q: string) => {
    const res = await staffCall(s.server, s.agent, 'GET', `/members?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { rows: MemberSearchRow[] }).rows.map((r) => r.phone);
  };
  const page = async () => (await staffCall(s.server, s.agent, 'GET', '/members/1')).json() as MemberPage;

  it('finds members by phone prefix, name (any case), bank account (exact or last digits) and id, newest first', async () => {
    expect(await search('08990')).toEqual(['0899000333', '0899000222', '0899000111']);
    expect(await search('ANN')).toEqual(['0899000333', '0899000222']);
    expect(await search('somchai')).toEqual([DEMO_MEMBER.phone]);
    expect(await search('5550001111')).toEqual(['0899000111']);
    expect(await search('9876')).toEqual(['0899000333']);
    expect(await search(`#${ids['0899000222']}`)).toEqual(['0899000222']);
    expect(await search('#1')).toEqual([DEMO_MEMBER.phone]);
    const [row] = (
      (await staffCall(s.server, s.agent, 'GET', '/members?q=0812')).json() as {
        rows: MemberSearchRow[];
      }
    ).rows;
    expect(row).toMatchObject({ id: 1, name: DEMO_MEMBER.name, status: 'active', currency: 'BAHT', balance: 5000 });
  });

  it('reads % and _ as plain characters, and refuses a query too short or too long', async () => {
    expect(await search('%%')).toEqual([]);
    expect(await search('__')).toEqual([]);
    expect(await search('_sm')).toEqual(['0899000222']);
    expect(await search('00%')).toEqual(['0899000222']);
    // two letters are a name's start (an index reads them; a name's middle needs three)
    expect(await search('ma')).toEqual(['0899000111']);
    expect(await search('ee')).toEqual([]);
    for (const q of ['a', 'x'.repeat(65), '%20%20', '%20a%20']) {
      const res = await staffCall(s.server, s.agent, 'GET', `/members?q=${q}`);
      expect([res.statusCode, message(res)]).toEqual([400, 'KEY_INVALID']);
    }
  });

  it("shows the member's balances as the ledger holds them after a deposit and a transfer to a game, and the statement the member reads", async () => {
    await operator(s.server, 'deposit', DEMO_MEMBER.phone, '250.50');
    expect((await call(s.server.app, 'GET', '/api/wallet/activate/PG', undefined, { token: s.token })).statusCode).toBe(200);
    const moved = await call(s.server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 100 }, { token: s.token });
    expect(message(moved)).toBe('SUCCESS');
    const p = await page();
    const wallet = (await call(s.server.app, 'GET', '/api/wallet', undefined, { token: s.token })).json() as {
      wallet: { amount: number };
      slots: { code: string; amount: number }[];
    };
    expect(p.balances.wallet).toBe(5150.5);
    expect(p.balances.wallet).toBe(wallet.wallet.amount);
    expect(p.balances.games.find((g) => g.code === 'PG')!.amount).toBe(100);
    expect(p.balances.games.map((g) => g.amount)).toEqual(wallet.slots.map((slot) => slot.amount));
    expect(p.balances.coins).toBe(DEMO_MEMBER.coins);
    expect(p.balances.refund).toBe(0);
    const member = (await call(s.server.app, 'POST', '/api/statement', { page: 1, limit: 20 }, { token: s.token })).json() as {
      statements: unknown[];
    };
    expect(p.statement).toEqual(member.statements);
    expect(p.statement[0]).toMatchObject({ statementType: 'transfer', from: 'WALLET', to: 'PG', amount: -100 });
    expect(p).toMatchObject({ id: 1, phone: DEMO_MEMBER.phone, bank: { accountNo: DEMO_MEMBER.bankAccountNo }, bonus: null });
    expect(p.sessions.length).toBeGreaterThan(0);
    expect((await staffCall(s.server, s.agent, 'GET', '/members/999999')).statusCode).toBe(404);
    expect((await staffCall(s.server, s.agent, 'GET', '/members/9999999999')).statusCode).toBe(400);
  });

  it("disables with a reason (ending the member's sessions, audited) and enables again", async () => {
    const refused = await staffCall(s.server, s.finance, 'POST', '/members/1/disable', { reason: ' ' });
    expect([refused.statusCode, message(refused)]).toEqual([400, 'REASON_REQUIRED']);
    expect((await call(s.server.app, 'GET', '/api/wallet', undefined, { token: s.token })).statusCode).toBe(200);

    const res = await staffCall(s.server, s.finance, 'POST', '/members/1/disable', { reason: 'chargeback under review' });
    expect([res.statusCode, message(res)]).toEqual([200, 'SUCCESS']);
    expect([401, 403]).toContain((await call(s.server.app, 'GET', '/api/wallet', undefined, { token: s.token })).statusCode);
    const p = await page();
    expect([p.status, p.sessions]).toEqual(['disabled', []]);
    const [row] = await auditOf(s.server, 'member.disable', `member:${DEMO_MEMBER.phone}`);
    expect(row).toMatchObject({ actor_kind: 'staff', actor_username: 'fin', reason: 'chargeback under review', ip: expect.any(String) });
    expect([JSON.parse(row!.before_json!), JSON.parse(row!.after_json!)]).toEqual([{ status: 'active' }, { status: 'disabled' }]);

    expect(message(await staffCall(s.server, s.finance, 'POST', '/members/1/enable', { reason: 'bank cleared it' }))).toBe('SUCCESS');
    expect((await page()).status).toBe('active');
    expect((await auditOf(s.server, 'member.enable', `member:${DEMO_MEMBER.phone}`))[0]).toMatchObject({ reason: 'bank cleared it' });

    // the operator's command is the same service: the same row, the reason given with --reason
    await operator(s.server, 'member', 'disable', DEMO_MEMBER.phone, '--reason', 'asked by phone');
    expect((await page()).status).toBe('disabled');
    expect((await auditOf(s.server, 'member.disable', `member:${DEMO_MEMBER.phone}`))[1]).toMatchObject({
      actor_kind: 'cli',
      actor_username: 'system',
      reason: 'asked by phone',
      ip: null,
    });
    await operator(s.server, 'member', 'enable', DEMO_MEMBER.phone);
  });

  it('revokes one session and leaves the others; revoke-all ends the rest', async () => {
    const first = await login(s.server.app);
    const second = await login(s.server.app);
    const sessions = (await page()).sessions;
    expect(sessions).toHaveLength(2);
    const res = await staffCall(s.server, s.finance, 'POST', `/members/1/sessions/${sessions[0]!.id}/revoke`, {});
    expect(message(res)).toBe('SUCCESS');
    // the newest session (second) was revoked
    expect((await call(s.server.app, 'GET', '/api/wallet', undefined, { token: second })).statusCode).toBe(401);
    expect((await call(s.server.app, 'GET', '/api/wallet', undefined, { token: first })).statusCode).toBe(200);
    expect(await auditOf(s.server, 'member.session-revoke', `member:${DEMO_MEMBER.phone}`)).toHaveLength(1);
    const again = await staffCall(s.server, s.finance, 'POST', `/members/1/sessions/${sessions[0]!.id}/revoke`, {});
    expect([again.statusCode, message(again)]).toEqual([404, 'NO_DATA']);
    expect(message(await staffCall(s.server, s.finance, 'POST', '/members/1/sessions/revoke-all', {}))).toBe('SUCCESS');
    expect((await call(s.server.app, 'GET', '/api/wallet', undefined, { token: first })).statusCode).toBe(401);
    expect((await page()).sessions).toEqual([]);
  });

  it('lists no session idle past the limit: it no longer works', async () => {
    const token = await login(s.server.app);
    const [open] = (await page()).sessions;
    const idleMs = s.server.ctx.config.sessionIdleMinutes * 60_000;
    await s.server.ctx.database.db
      .updateTable('sessions')
      .set({ last_seen_at: s.server.clock.now - idleMs })
      .where('id', '=', open!.id)
      .execute();
    expect((await call(s.server.app, 'GET', '/api/wallet', undefined, { token })).statusCode).toBe(401);
    expect((await page()).sessions.map((x) => x.id)).not.toContain(open!.id);
  });
});
