import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER, type TestServer } from './helper.js';
import { adjustmentOf, adjustmentServer, ask } from './adjustment-helpers.js';
import { operator, signedIn, staffCall } from './staff-helpers.js';
import { reviewSlip } from './staff-queue-helpers.js';
import type { AuditPage } from '../../contract/staff.js';

/**
 * The audit trail's hash chain (issue 36, migration 0043, server/src/modules/audit/chain.ts): every row
 * is linked at its commit; `audit verify` recomputes the links and names the first row changed or
 * removed, or slipped in with the chain switched off. Rows about a member's money are filed under the
 * member, with the amount in the member's money.
 */
/** What someone with the table owner's rights can do behind the server's back: the table's triggers off. */
const behindTheBack = async (server: TestServer, statement: string) => {
  await sql
    .raw(`alter table audit_log disable trigger user; ${statement}; alter table audit_log enable trigger user`)
    .execute(server.ctx.database.db);
};

describe('the audit trail', () => {
  let a: Awaited<ReturnType<typeof adjustmentServer>>;
  const db = () => a.server.ctx.database.db;

  beforeAll(async () => {
    a = await adjustmentServer();
  });
  afterAll(() => a.close());

  it('files money rows under the member, with the amount in their money, and links every row at its commit', async () => {
    const credit = await ask(a.server, a.finance, { kind: 'credit', amount: 6000 });
    expect(credit.statusCode).toBe(200);
    const rows = await db()
      .selectFrom('audit_log')
      .select(['action', 'member_id', 'money'])
      .where('target', '=', `adjustment:${adjustmentOf(credit).id}`)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([{ action: 'adjustment.request', member_id: 1, money: '6000.00 BAHT' }]);
    // twenty audited changes at once: one link each, in commit order, no gaps
    const debits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(a.server, a.finance, { kind: 'debit', amount: 1, key: `chain-key-${i}` })),
    );
    expect(debits.map((d) => adjustmentOf(d).status)).toEqual(Array(20).fill('APPLIED'));
    const links = await db().selectFrom('audit_chain').select(['seq']).orderBy('seq').execute();
    const rowsNow = await db().selectFrom('audit_log').select('id').execute();
    expect(links.map((l) => Number(l.seq))).toEqual(Array.from({ length: links.length }, (_, i) => i + 1));
    expect(links.length).toBe(rowsNow.length);
    const verified = await operator(a.server, 'audit', 'verify');
    expect(verified[0]).toBe(`audit verify: ${links.length} chained row(s) hold`);
    expect(verified[1]).toMatch(/^head [0-9a-f]{64} /);
  });

  it("finds every row about a member's money from the member: their slips, withdrawals and adjustments, with the amounts", async () => {
    expect((await ask(a.server, a.finance, { kind: 'credit', amount: 6000 })).statusCode).toBe(200);
    const { id } = await reviewSlip(a.server, 12_345);
    expect((await staffCall(a.server, a.finance, 'POST', `/slips/${id}/approve`, {})).statusCode).toBe(200);
    const admin = (await signedIn(a.server, 'boss', 'admin')).browser;
    const page = (await staffCall(a.server, admin, 'GET', `/audit?target=member:${DEMO_MEMBER.phone}`)).json() as AuditPage;
    const found = page.rows.map((r) => [r.action, r.target, r.money, r.member?.phone]);
    expect(found).toContainEqual(['slip.approve', `slip:${id}`, '123.45 BAHT', DEMO_MEMBER.phone]);
    expect(found).toContainEqual(['adjustment.request', expect.stringMatching(/^adjustment:\d+$/), '6000.00 BAHT', DEMO_MEMBER.phone]);
    // the rows of nobody's money stay out
    expect(page.rows.every((r) => r.member?.phone === DEMO_MEMBER.phone || r.target === `member:${DEMO_MEMBER.phone}`)).toBe(true);
  });

  it('names a row changed behind the server’s back, and the first of several', async () => {
    const [first, second] = await db().selectFrom('audit_log').select('id').orderBy('id').limit(2).offset(3).execute();
    await behindTheBack(a.server, `update audit_log set reason = 'nothing to see' where id = ${second!.id}`);
    await expect(operator(a.server, 'audit', 'verify')).rejects.toThrow(
      new RegExp(
        `audit verify failed: the trail was changed after it was written\\naudit row ${second!.id} \\(chain link \\d+\\) was changed`,
      ),
    );
    await behindTheBack(a.server, `update audit_log set money = '1.00 BAHT' where id = ${first!.id}`);
    await expect(operator(a.server, 'audit', 'verify')).rejects.toThrow(
      new RegExp(`written\\naudit row ${first!.id} \\(chain link \\d+\\) was changed`),
    );
  });

  it('names a row removed, and a row written with the chain switched off', async () => {
    const fresh = await adjustmentServer();
    try {
      await ask(fresh.server, fresh.finance, { kind: 'credit', amount: 100 });
      const last = await fresh.server.ctx.database.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await behindTheBack(fresh.server, `delete from audit_log where id = ${last.id}`);
      await expect(operator(fresh.server, 'audit', 'verify')).rejects.toThrow(`audit row ${last.id} (chain link`);
      await expect(operator(fresh.server, 'audit', 'verify')).rejects.toThrow('was removed');
    } finally {
      await fresh.close();
    }
    const other = await adjustmentServer();
    try {
      await behindTheBack(
        other.server,
        `insert into audit_log (at, actor_kind, actor_username, action, target) values (1, 'cli', 'system', 'adjustment.apply', 'member:${DEMO_MEMBER.phone}')`,
      );
      await expect(operator(other.server, 'audit', 'verify')).rejects.toThrow('is not in the chain (written with the chain switched off)');
    } finally {
      await other.close();
    }
  });
});
