import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, DEMO_MEMBER, login, type TestServer } from './helper.js';
import { setSetting } from './deposit-helpers.js';
import { operator } from './staff-helpers.js';
import { guestId, send, textPackage } from './chat-helpers.js';

/** The operator's other commands that change something: each leaves an audit row, and money it moves names the actor. */
describe('audit rows of the operator commands', () => {
  let server: TestServer;
  let token: string;
  const db = () => server.ctx.database.db;
  const last = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();
  const json = (text: string | null | undefined) => (text ? (JSON.parse(text) as unknown) : null);
  const madeBy = async (journalId: number | null) =>
    (await db().selectFrom('journal').select('made_by').where('id', '=', journalId!).executeTakeFirstOrThrow()).made_by;
  /** The entry that ended a pending one (a request's credit), which names who made it. */
  const endOf = async (journalId: number) =>
    (await db().selectFrom('ledger_entries').select('ended_by').where('id', '=', journalId).executeTakeFirstOrThrow()).ended_by;

  beforeAll(async () => {
    server = await build();
    token = await login(server.app);
    await operator(server, 'staff', 'add', 'clerk', 'finance');
  });
  afterAll(() => server.close());

  it('slip approve and reject: the slip before and after, the credit naming the clerk', async () => {
    const now = Date.now();
    const slip = (reference: string) =>
      db()
        .insertInto('slips')
        .values({
          member_id: 1,
          reference,
          file_name: `${reference}.png`,
          content_type: 'image/png',
          status: 'REVIEW',
          note: null,
          currency: 'BAHT',
          sending_bank: null,
          trans_ref: null,
          next_attempt_at: now,
          idempotency_key: null,
          journal_id: null,
          sender: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const approved = await slip('AUDIT1');
    await operator(server, 'slip', 'approve', String(approved.id), '300', '--as', 'clerk', '--reason', 'bank statement checked');
    const row = await last('slip.approve');
    expect(row).toMatchObject({ actor_kind: 'cli', actor_username: 'clerk', target: `slip:${approved.id}` });
    expect(json(row?.before_json)).toMatchObject({ status: 'REVIEW' });
    expect(json(row?.after_json)).toEqual({ status: 'SUCCESS', amount: 300 });
    expect(row?.reason).toBe('bank statement checked');
    const credited = await db().selectFrom('slips').select('journal_id').where('id', '=', approved.id).executeTakeFirstOrThrow();
    expect(await madeBy(credited.journal_id)).toBe('cli:clerk');

    const rejected = await slip('AUDIT2');
    await operator(server, 'slip', 'reject', String(rejected.id), 'SLIP_INVALID');
    expect(await last('slip.reject')).toMatchObject({ actor_username: 'system', reason: 'SLIP_INVALID', target: `slip:${rejected.id}` });
  });

  it('deposit-request confirm: the request and its credit', async () => {
    await setSetting(server, 'deposit', { ...server.ctx.settings.get('deposit'), isManual: true });
    const res = await call(server.app, 'POST', '/api/wallet/add', { amount: 500 }, { token });
    expect(res.statusCode).toBe(200);
    const request = await db()
      .selectFrom('deposit_requests')
      .select(['id', 'journal_id'])
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    await operator(server, 'deposit-request', 'confirm', String(request.id), '--as', 'clerk');
    const row = await last('deposit-request.confirm');
    expect(row).toMatchObject({ actor_username: 'clerk', target: `deposit-request:${request.id}` });
    expect(json(row?.after_json)).toEqual({ status: 'SUCCESS' });
    // the member made the request; the clerk made its credit, the entry that posts it
    expect(await madeBy(request.journal_id)).toBeNull();
    expect(await madeBy(await endOf(request.journal_id))).toBe('cli:clerk');
  });

  it('coins, the wheel, the invite and refund rules, bonuses and promotions', async () => {
    await operator(server, 'coins', 'grant', DEMO_MEMBER.phone, '3');
    const coins = await last('coins.grant');
    const [before, after] = [json(coins?.before_json), json(coins?.after_json)] as { coins: number }[];
    expect(after!.coins - before!.coins).toBe(3);

    await operator(server, 'wheel', 'off');
    expect(json((await last('wheel.off'))?.after_json)).toMatchObject({ active: false });
    await operator(server, 'invite', 'rule', 'set', '--percent', '7');
    expect(json((await last('invite.rule-set'))?.after_json)).toMatchObject({ percent: 7 });
    await operator(server, 'refund', 'rule', 'set', '--percent', '4');
    expect(json((await last('refund.rule-set'))?.after_json)).toMatchObject({ percent: 4 });
    await operator(server, 'coins', 'rule', 'set', '100', '2');
    expect(json((await last('coins.rule-set'))?.after_json)).toMatchObject({ per: 100, coins: 2 });

    await operator(server, 'bonus', 'add', 'AUDITB', '--name', 'Audit bonus', '--fixed', '50');
    expect(await last('bonus.add')).toMatchObject({ target: 'bonus:AUDITB' });
    await operator(server, 'bonus', 'disable', 'AUDITB');
    expect(json((await last('bonus.disable'))?.after_json)).toEqual({ active: false });
    await operator(server, 'promotion', 'add', 'AUDITP', '--description', 'Audit', '--fixed', '20');
    await operator(server, 'promotion', 'disable', 'AUDITP');
    expect(await last('promotion.disable')).toMatchObject({ target: 'promotion:AUDITP' });
  });

  it('commands changing parts of one setting at the same moment keep each other’s part', async () => {
    const stored = async (key: string) =>
      JSON.parse((await db().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value) as Record<
        string,
        unknown
      >;
    // each pair read the setting, then wrote it whole: the second write lost the first's part
    for (let round = 1; round <= 5; round++) {
      await Promise.all([operator(server, 'games', 'drill', 'PG', 'fail'), operator(server, 'games', 'drill', 'JOKER', 'hang')]);
      expect(await stored('providerFaults')).toMatchObject({ PG: 'fail', JOKER: 'hang' });
      await Promise.all([operator(server, 'games', 'drill', 'PG', 'none'), operator(server, 'games', 'drill', 'JOKER', 'none')]);
      expect(await stored('providerFaults')).toEqual({});

      await Promise.all([
        operator(server, 'invite', 'rule', 'set', '--percent', String(round)),
        operator(server, 'invite', 'rule', 'set', '--turnover', String(round + 10)),
      ]);
      expect(await stored('invite')).toMatchObject({ percent: round, turnover: round + 10 });
      await Promise.all([
        operator(server, 'refund', 'rule', 'set', '--percent', String(round)),
        operator(server, 'refund', 'rule', 'set', '--minimum', String(round * 100)),
      ]);
      expect(await stored('refund')).toMatchObject({ percent: round, minimum: round * 100 });
    }
    // a value the rule refuses writes nothing
    await expect(operator(server, 'refund', 'rule', 'set', '--percent', '400')).rejects.toThrow();
    expect(await stored('refund')).toMatchObject({ percent: 5 });
  });

  const GUEST = guestId();
  it("chat reply and end: the answer's words and the ended session", async () => {
    const sent = await send(server, textPackage('hello', { guestId: GUEST }));
    expect(sent.statusCode).toBe(200);
    await operator(server, 'chat', 'reply', GUEST, 'we', 'are', 'here', '--as', 'clerk');
    const reply = await last('chat.reply');
    expect(reply).toMatchObject({ actor_username: 'clerk' });
    expect(json(reply?.after_json)).toEqual({ message: 'we are here' });
    // the clerk holds it now (the reply took it): nobody else ends it unknowingly
    await expect(operator(server, 'chat', 'end', GUEST)).rejects.toThrow(/another staff member holds/);
    await operator(server, 'chat', 'end', GUEST, 'bye', '--as', 'clerk');
    expect(await last('chat.end')).toMatchObject({ actor_username: 'clerk' });
    expect(json((await last('chat.end'))?.after_json)).toMatchObject({ closingWords: 'bye' });
  });
});
