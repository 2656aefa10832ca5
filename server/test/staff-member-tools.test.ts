import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberPage } from '../../contract/staff-members.js';
import { checkLedger } from '../src/ledger/invariants.js';
import { call, message } from './helper.js';
import { get, newMember, walletAmount } from './bonus-helpers.js';
import { send, textPackage } from './chat-helpers.js';
import { auditOf, json, madeBy, queueServer, type QueueServer } from './staff-queue-helpers.js';
import { operator, staffCall } from './staff-helpers.js';

/** The member page's last tools (issue 23): ending a running bonus, the sessions' devices, the support conversation. */
describe("the staff's member tools", () => {
  let s: QueueServer;
  beforeAll(async () => {
    s = await queueServer();
  });
  afterAll(() => s.close());

  const memberId = async (phone: string) =>
    (await s.server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  const page = async (id: number, lang = 'th') =>
    (await staffCall(s.server, s.agent, 'GET', `/members/${id}?lang=${lang}`)).json() as MemberPage;
  const withdraw = (token: string) =>
    call(s.server.app, 'POST', '/api/wallet/withdraw', { amount: 100 }, { token, headers: { 'idempotency-key': crypto.randomUUID() } });

  it('ends a running bonus with a reason: the money stays and is free, the statement says staff ended it, the trail names the clerk', async () => {
    const { phone, token } = await newMember(s.server, 300);
    const id = await memberId(phone);
    expect(message(await get(s.server, token, '/api/promotion/activate/WELCOME50'))).toBe('SUCCESS');
    const before = await walletAmount(s.server, token);
    expect(before).toBe(350);
    expect(message(await withdraw(token))).toBe('BONUS_CONDITION');
    expect((await page(id)).bonus).toMatchObject({ turnoverLeft: 250 });

    // an agent reads, never ends; a clerk needs a reason
    const agent = await staffCall(s.server, s.agent, 'POST', `/members/${id}/bonus/end`, { reason: 'asked by the member' });
    expect(agent.statusCode).toBe(403);
    const bare = await staffCall(s.server, s.finance, 'POST', `/members/${id}/bonus/end`, { reason: '  ' });
    expect([bare.statusCode, message(bare)]).toEqual([400, 'REASON_REQUIRED']);
    expect((await page(id)).bonus).not.toBeNull();

    const ended = await staffCall(s.server, s.finance, 'POST', `/members/${id}/bonus/end`, { reason: 'promised on the phone' });
    expect([ended.statusCode, message(ended)]).toEqual([200, 'SUCCESS']);
    expect(await walletAmount(s.server, token)).toBe(before);
    expect((await page(id)).bonus).toBeNull();
    expect(message(await withdraw(token))).toBe('SUCCESS');

    // the member reads it ended by staff, in the page's language as in the member's own statement
    const [line] = (await page(id, 'en')).statement.filter((l) => l.statementType === 'finish_bonus');
    expect(line).toMatchObject({ promotion: { code: 'WELCOME50', finishReason: 'STAFF' } });
    const mine = (await call(s.server.app, 'POST', '/api/statement?lang=en', { page: 1, limit: 20 }, { token })).json() as {
      statements: { _id: number }[];
    };
    expect(mine.statements.find((l) => l._id === line!._id)).toEqual(line);

    const [row] = await auditOf(s.server, 'bonus.end', `member:${phone}`);
    expect(row).toMatchObject({ actor_kind: 'staff', actor_username: 'fin', reason: 'promised on the phone', ip: expect.any(String) });
    expect(json(row!.before_json)).toEqual({ promotion: 'WELCOME50', amount: 5000, turnoverTarget: 25000, turnoverProgress: 0 });
    expect(json(row!.after_json)).toEqual({ finishReason: 'STAFF' });
    expect(await madeBy(s.server, line!._id)).toBe('staff:fin');
    const kept = await s.server.ctx.database.db
      .selectFrom('member_bonuses')
      .select(['ended_by', 'finish_reason'])
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ ended_by: 'staff:fin', finish_reason: 'STAFF' });

    const again = await staffCall(s.server, s.finance, 'POST', `/members/${id}/bonus/end`, { reason: 'once more' });
    expect([again.statusCode, message(again)]).toEqual([404, 'NO_DATA']);
    expect(await checkLedger(s.server.ctx.database.db)).toEqual([]);
  });

  it("the operator's bonus end is the same service: a reason required, the same row, and two ends at once end it once", async () => {
    const { phone, token } = await newMember(s.server, 300);
    expect(message(await get(s.server, token, '/api/bonus/activate/FIRSTDEP100'))).toBe('SUCCESS');
    await expect(operator(s.server, 'bonus', 'end', phone)).rejects.toThrow(/needs a reason/);
    // freeing bonus money is a person's word: the shell alone is no one
    await expect(operator(s.server, 'bonus', 'end', phone, '--reason', 'from the shell')).rejects.toThrow(/--as <username>/);
    const id = await memberId(phone);
    const both = await Promise.all([
      staffCall(s.server, s.finance, 'POST', `/members/${id}/bonus/end`, { reason: 'console' }),
      operator(s.server, 'bonus', 'end', phone, '--reason', 'from the shell', '--as', 'fin').then(
        () => 'cli',
        (err: Error) => err.message,
      ),
    ]);
    const ends = await s.server.ctx.database.db
      .selectFrom('journal')
      .select('id')
      .where('member_id', '=', id)
      .where('type', '=', 'finish_bonus')
      .execute();
    expect(ends).toHaveLength(1);
    // one of the two ended it; the other was told there was nothing to end
    const [console, shell] = both;
    expect([console.statusCode === 200, shell === 'cli'].filter(Boolean)).toHaveLength(1);
    if (shell !== 'cli') expect(shell).toMatch(/no running bonus/);
    else expect([console.statusCode, message(console)]).toEqual([404, 'NO_DATA']);
    expect(await auditOf(s.server, 'bonus.end', `member:${phone}`)).toHaveLength(1);
    await expect(operator(s.server, 'bonus', 'end', phone, '--reason', 'again', '--as', 'fin')).rejects.toThrow(/no running bonus/);
  });

  it('lists each open session with the browser and address it signed in from', async () => {
    const { phone } = await newMember(s.server);
    const phoneUa = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const signIn = await call(
      s.server.app,
      'POST',
      '/api/login',
      { username: phone, password: 'secret123' },
      {
        headers: { 'user-agent': phoneUa },
        address: '203.0.113.9',
      },
    );
    expect(signIn.statusCode).toBe(200);
    await call(
      s.server.app,
      'POST',
      '/api/login',
      { username: phone, password: 'secret123' },
      { headers: { 'user-agent': 'x'.repeat(5000) } },
    );
    const sessions = (await page(await memberId(phone))).sessions;
    expect(sessions[0]).toMatchObject({ userAgent: 'x'.repeat(300) });
    expect(sessions.find((x) => x.userAgent === phoneUa)).toMatchObject({ ip: '203.0.113.9' });
  });

  it("shows the member's support conversation: its latest lines oldest first and how many wait for an agent", async () => {
    const { phone, token } = await newMember(s.server);
    const id = await memberId(phone);
    expect((await page(id)).chat).toBeNull();
    for (const text of ['สวัสดีครับ', 'My deposit of 300 has not arrived']) {
      const sent = await send(s.server, textPackage(text, { userId: String(id) }, { lang: 'en' }), token);
      expect(sent.statusCode).toBe(200);
    }
    const chat = (await page(id)).chat!;
    expect(chat.open).toBe(true);
    expect(chat.unread).toBe(2);
    const customer = chat.lines.filter((l) => l.sender === 'customer').map((l) => l.text);
    expect(customer).toEqual(['สวัสดีครับ', 'My deposit of 300 has not arrived']);
    // the greeter answered the first message: its lines come after it, in order
    expect(chat.lines[0]).toMatchObject({ sender: 'customer', type: 'text' });
    expect(chat.lines.some((l) => l.sender === 'bot')).toBe(true);
  });
});
