import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../src/operator/commands.js';
import { readAllSettings } from '../src/settings/store.js';
import { build, call, DEMO_MEMBER, login, type TestServer } from './helper.js';
import { guestId, send, textPackage } from './chat-helpers.js';
import { operator, signedIn } from './staff-helpers.js';

describe('the audit trail', () => {
  let server: TestServer;
  const rows = (action: string) =>
    server.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
  const json = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));
  beforeAll(async () => {
    server = await build();
  });
  afterAll(() => server.close());

  it('records a setting changed by the CLI with its value before and after, as the system or --as a staff member', async () => {
    await operator(server, 'settings', 'set', 'registerOTP', 'false');
    const [row] = await rows('settings.set');
    expect(row).toMatchObject({ actor_kind: 'cli', actor_username: 'system', target: 'setting:registerOTP', ip: null });
    expect([json(row!.before_json), json(row!.after_json)]).toEqual([true, false]);

    await operator(server, 'staff', 'add', 'somchai', 'finance');
    await operator(server, 'settings', 'set', 'registerOTP', 'true', '--as', 'somchai');
    expect((await rows('settings.set'))[0]).toMatchObject({ actor_kind: 'cli', actor_username: 'somchai' });
  });

  it('takes --as before or after the command, never from its words: a chat reply may say --as', async () => {
    await operator(server, '--as', 'somchai', 'settings', 'set', 'registerOTP', 'true');
    expect((await rows('settings.set'))[0]).toMatchObject({ actor_username: 'somchai' });
    const guest = guestId();
    expect((await send(server, textPackage('hello', { guestId: guest }))).statusCode).toBe(200);
    await operator(server, 'chat', 'reply', guest, 'type', '--as', 'then', 'your', 'name');
    const [reply] = await rows('chat.reply');
    expect(reply).toMatchObject({ actor_username: 'system' });
    expect(json(reply!.after_json)).toEqual({ message: 'type --as then your name' });
  });

  it('refuses --as for a staff member who does not exist or is disabled, and changes nothing', async () => {
    await operator(server, 'staff', 'add', 'gone.clerk', 'finance');
    await operator(server, 'staff', 'disable', 'gone.clerk');
    const before = (await rows('settings.set')).length;
    for (const who of ['nobody', 'gone.clerk'])
      await expect(operator(server, 'settings', 'set', 'registerOTP', 'false', '--as', who)).rejects.toThrow(UsageError);
    expect((await rows('settings.set')).length).toBe(before);
    expect((await readAllSettings(server.ctx.database.db)).registerOTP).toBe(true);
  });

  it("names the actor on a CLI deposit's journal entry and audits it, and a withdrawal's payout", async () => {
    const lines = await operator(server, 'deposit', DEMO_MEMBER.phone, '250', '--as', 'somchai');
    const journalId = Number(/journal (\d+)/.exec(lines.at(-1)!)![1]);
    const entry = await server.ctx.database.db
      .selectFrom('journal')
      .select('made_by')
      .where('id', '=', journalId)
      .executeTakeFirstOrThrow();
    expect(entry.made_by).toBe('cli:somchai');
    const [row] = await rows('member.deposit');
    expect(row).toMatchObject({ actor_username: 'somchai', target: `member:${DEMO_MEMBER.phone}` });
    expect(json(row!.after_json)).toMatchObject({ amount: 250, journal: journalId });

    // a member's own journal entries name nobody
    const token = await login(server.app);
    const withdrawal = await call(server.app, 'POST', '/api/wallet/withdrawAll', { amount: 100 }, { token });
    const id = (withdrawal.json() as { withdrawalId: number }).withdrawalId;
    const requested = await server.ctx.database.db
      .selectFrom('withdrawals')
      .select('journal_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(
      (
        await server.ctx.database.db
          .selectFrom('journal')
          .select('made_by')
          .where('id', '=', requested.journal_id)
          .executeTakeFirstOrThrow()
      ).made_by,
    ).toBeNull();
    await operator(server, 'withdrawal', 'pay', String(id), '--ref', 'BANKREF1');
    const [paid] = await rows('withdrawal.pay');
    expect(paid).toMatchObject({ actor_username: 'system', target: `withdrawal:${id}` });
    expect([json(paid!.before_json), json(paid!.after_json)]).toEqual([
      { status: 'PENDING' },
      { status: 'SUCCESS', reference: 'BANKREF1' },
    ]);
    const payout = await server.ctx.database.db
      .selectFrom('journal')
      .select('made_by')
      .where('type', '=', 'payout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(payout.made_by).toBe('cli:system');
  });

  it('records member disable and enable, staff changes and staff sign-ins', async () => {
    await operator(server, 'member', 'disable', DEMO_MEMBER.phone);
    await operator(server, 'member', 'enable', DEMO_MEMBER.phone);
    const [disabled] = await rows('member.disable');
    expect([json(disabled!.before_json), json(disabled!.after_json)]).toEqual([{ status: 'active' }, { status: 'disabled' }]);
    expect((await rows('member.enable'))[0]).toMatchObject({ target: `member:${DEMO_MEMBER.phone}` });

    await signedIn(server, 'auditor', 'admin', '203.0.113.9');
    expect((await rows('staff.add')).map((r) => r.target)).toContain('staff:auditor');
    expect((await rows('staff.password'))[0]).toMatchObject({ actor_kind: 'staff', actor_username: 'auditor', ip: '203.0.113.9' });
    expect((await rows('staff.totp-enrol'))[0]).toMatchObject({ actor_username: 'auditor' });
    expect((await rows('staff.sign-in'))[0]).toMatchObject({ actor_kind: 'staff', target: 'staff:auditor', ip: '203.0.113.9' });
    await operator(server, 'staff', 'reset', 'auditor', '--as', 'somchai');
    expect((await rows('staff.reset'))[0]).toMatchObject({ actor_username: 'somchai', target: 'staff:auditor' });
    expect((await rows('staff.disable'))[0]).toMatchObject({ target: 'staff:gone.clerk' });
  });

  it('prints the trail with audit list, filtered by actor and action', async () => {
    const lines = await operator(server, 'audit', 'list', '--actor', 'somchai', '--action', 'member.deposit', '--limit', '5');
    expect(lines[0]).toMatch(/^1 audit row/);
    expect(lines[1]).toMatch(/\tcli:somchai\tmember\.deposit\tmember:/);
    await expect(operator(server, 'audit', 'list', '--limit', '0')).rejects.toThrow(UsageError);
  });

  it('checks staff add: a valid username and role, a name once, the one-time password printed once', async () => {
    await expect(operator(server, 'staff', 'add', 'Bad Name', 'agent')).rejects.toThrow(UsageError);
    await expect(operator(server, 'staff', 'add', 'newbie', 'boss')).rejects.toThrow(UsageError);
    // the CLI's own names: `--as system` must never be a person
    for (const reserved of ['system', 'cli', 'staff'])
      await expect(operator(server, 'staff', 'add', reserved, 'admin')).rejects.toThrow(/reserved/);
    // words past the command's are a mistake, not ignored
    await expect(operator(server, 'staff', 'add', 'extra', 'admin', 'words')).rejects.toThrow(/unexpected words/);
    await expect(operator(server, 'staff', 'disable', 'newbie', 'now')).rejects.toThrow(/unexpected now/);
    expect((await operator(server, 'staff', 'list')).join('\n')).not.toMatch(/^(system|cli|staff|extra)\t/m);
    const lines = await operator(server, 'staff', 'add', 'newbie', 'agent');
    expect(lines.at(-1)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await expect(operator(server, 'staff', 'add', 'newbie', 'admin')).rejects.toThrow(/exists already/);
    const list = await operator(server, 'staff', 'list');
    expect(list.find((l) => l.startsWith('newbie\t'))).toMatch(/^newbie\tagent\tone-time password\tno TOTP\t/);
    expect(list.join('\n')).not.toContain(lines.at(-1));
  });

  it('refuses to change or remove an audit row, in the database itself', async () => {
    const db = server.ctx.database.db;
    const [row] = await rows('settings.set');
    await expect(sql`update audit_log set actor_username = 'nobody' where id = ${row!.id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where id = ${row!.id}`.execute(db)).rejects.toThrow(/append-only/);
    // the way around row triggers: TRUNCATE fires none
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await rows('settings.set'))[0]).toMatchObject({ id: row!.id, actor_username: row!.actor_username });
  });
});
