import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../src/db/transaction.js';
import { evaluateRules } from '../src/modules/alerts/rules.js';
import { DEFAULT_ALERT_RULES, type AlertRules } from '../../contract/staff-alerts.js';
import { runCommand } from '../src/operator/commands.js';
import { alertPass } from '../src/modules/alerts/service.js';
import { build, call, DEMO_MEMBER, login, type TestServer } from './helper.js';
import { lineFake, telegramFake, type AlertFake } from './alert-fakes.js';
import { signedIn, staffCall, type StaffBrowser } from './staff-helpers.js';
import { setSetting } from './deposit-helpers.js';
import { providerFaultCounts } from './fake-server.js';

const LINE_TOKEN = 'line-channel-access-token-0123456789';
const LINE_GROUP = 'C4af4980629a1b2c3d4e5f60718293a4b';
const TG_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const TG_CHAT = '-1001234567890';
const METRICS = 'metrics-token-for-the-alerts-test';
const GAME_KEY = randomBytes(32);
const log = { info: () => undefined, error: () => undefined, warn: () => undefined };

/** Every rule off but the ones named (with their thresholds). */
const only = (rules: Partial<AlertRules>): AlertRules => {
  const off = Object.fromEntries(Object.entries(DEFAULT_ALERT_RULES).map(([k, v]) => [k, { ...v, enabled: false }])) as AlertRules;
  return { ...off, ...rules };
};

describe('on-call alerts to LINE and Telegram', () => {
  let server: TestServer;
  let admin: StaffBrowser;
  let line: AlertFake;
  let telegram: AlertFake;
  const all = () => [...line.sent, ...telegram.sent];

  const setRules = async (rules: AlertRules, lang = 'th') =>
    staffCall(server, admin, 'PUT', '/alerts/rules', { rules, lang, reason: 'on-call test' });
  const pass = () => alertPass(server.ctx, log);
  /** The demo member asks to withdraw `amount` baht: a withdrawal waiting for staff. */
  const withdraw = async (amount: number) => {
    const token = await login(server.app);
    const res = await call(server.app, 'POST', '/api/wallet/withdrawAll', { amount }, { token });
    expect([res.statusCode, res.body]).toEqual([200, expect.anything()]);
  };
  /** The waiting withdrawal paid (`pay`, with a bank reference) or rejected by the operator. */
  const decide = async (how: 'pay' | 'reject') => {
    const { id } = await server.ctx.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    const args = how === 'pay' ? ['--ref', `FT-ALERT-${id}`] : ['--reason', 'alert test'];
    await runCommand(server.ctx, ['withdrawal', how, String(id), ...args], () => undefined);
  };

  beforeAll(async () => {
    line = await lineFake(LINE_TOKEN, LINE_GROUP);
    telegram = await telegramFake(TG_TOKEN, TG_CHAT);
    server = await build({
      gameSecretKey: GAME_KEY,
      lineApiBaseUrl: line.url,
      telegramApiBaseUrl: telegram.url,
      metricsToken: METRICS,
      publicUrl: 'https://wallet.example',
    });
    ({ browser: admin } = await signedIn(server, 'admin1', 'admin'));
  });
  afterAll(async () => {
    await server.close();
    await line.close();
    await telegram.close();
  });
  let admins = 0;
  beforeEach(async () => {
    // a session of its own for each test: the test clock moves past a session's idle limit
    if (admins++) ({ browser: admin } = await signedIn(server, `admin${admins}`, 'admin'));
    line.sent.length = 0;
    telegram.sent.length = 0;
    line.mode = 'ok';
    telegram.mode = 'ok';
  });

  it('an admin sets each channel; the token is never answered back, and every change is in the audit trail', async () => {
    const first = await staffCall(server, admin, 'PUT', '/alerts/channels/line', { enabled: true, target: LINE_GROUP, reason: 'on-call' });
    expect([first.statusCode, first.json().message]).toEqual([400, 'ALERT_TOKEN_REQUIRED']);
    for (const [channel, token, target] of [
      ['line', LINE_TOKEN, LINE_GROUP],
      ['telegram', TG_TOKEN, TG_CHAT],
    ] as const) {
      const res = await staffCall(server, admin, 'PUT', `/alerts/channels/${channel}`, { enabled: true, token, target, reason: 'on-call' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(token);
    }
    const view = await staffCall(server, admin, 'GET', '/alerts');
    expect(view.json().channels).toEqual([
      expect.objectContaining({ channel: 'line', enabled: true, tokenSet: true, target: LINE_GROUP }),
      expect.objectContaining({ channel: 'telegram', enabled: true, tokenSet: true, target: TG_CHAT }),
    ]);
    expect(view.body).not.toContain(LINE_TOKEN);
    // sealed at rest: the database holds no token in the clear
    const stored = await server.ctx.database.db.selectFrom('alert_channels').select('token').execute();
    expect(stored.map((r) => r.token.startsWith('v1:'))).toEqual([true, true]);
    expect(JSON.stringify(stored)).not.toContain(LINE_TOKEN);
    expect(JSON.stringify(stored)).not.toContain(TG_TOKEN);
    // a target left as it was and no token: the stored token stays
    expect(
      (await staffCall(server, admin, 'PUT', '/alerts/channels/telegram', { enabled: true, target: TG_CHAT, reason: 'again' })).statusCode,
    ).toBe(200);
    // bad input: 400, nothing changed
    const bad = await staffCall(server, admin, 'PUT', '/alerts/rules', {
      rules: { ...DEFAULT_ALERT_RULES, slipQueue: { enabled: true, count: -1 } },
      lang: 'th',
      reason: 'bad',
    });
    expect(bad.statusCode).toBe(400);
    expect((await setRules(only({}))).statusCode).toBe(200);
    const audit = await staffCall(server, admin, 'GET', '/audit?action=alerts.channel');
    const rows = (audit.json() as { rows: { action: string; target: string; after: unknown }[] }).rows;
    expect(rows.map((r) => r.target)).toEqual(expect.arrayContaining(['alerts:line', 'alerts:telegram']));
    expect(audit.body).not.toContain(LINE_TOKEN);
    expect(audit.body).not.toContain(TG_TOKEN);
  });

  it('the test button sends one message to each channel and says what a refusal was', async () => {
    const res = await staffCall(server, admin, 'POST', '/alerts/channels/line/test');
    expect(res.json()).toEqual({ sent: true });
    expect((await staffCall(server, admin, 'POST', '/alerts/channels/telegram/test')).json()).toEqual({ sent: true });
    expect(line.sent).toEqual([expect.stringContaining('ทดสอบการแจ้งเตือน')]);
    expect(telegram.sent).toEqual([expect.stringContaining('https://wallet.example/staff/alerts')]);
    telegram.mode = 'rate-limited';
    expect((await staffCall(server, admin, 'POST', '/alerts/channels/telegram/test')).json()).toEqual({
      sent: false,
      code: 'rate_limited',
    });
    const view = (await staffCall(server, admin, 'GET', '/alerts')).json();
    expect(view.channels[1].lastError).toContain('Too Many Requests');
  });

  it('a withdrawal waiting too long: alerted once on each channel with its screen, then "resolved" once', async () => {
    await setRules(only({ withdrawalWaiting: { enabled: true, minutes: 30 } }));
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '500'], () => undefined);
    await withdraw(200);
    await pass();
    expect(all()).toEqual([]); // not yet 30 minutes
    server.clock.now += 31 * 60_000;
    await pass();
    await pass();
    expect(line.sent).toEqual([expect.stringContaining('มีรายการถอนเงินรอเกิน 30 นาที: 1 รายการ')]);
    expect(line.sent[0]).toContain('https://wallet.example/staff/withdrawals');
    expect(telegram.sent).toEqual(line.sent);
    await decide('reject');
    await pass();
    await pass();
    expect(line.sent).toHaveLength(2);
    expect(line.sent[1]).toContain('กลับเป็นปกติแล้ว');
    expect(telegram.sent).toEqual(line.sent);
  });

  it('large withdrawals and deposits, in the language an admin picks', async () => {
    await setRules(
      only({ largeWithdrawal: { enabled: true, BAHT: 300, LAK: 100000 }, largeDeposit: { enabled: true, BAHT: 1000, LAK: 600000 } }),
      'en',
    );
    await pass(); // the deposits' cursor starts now: nothing credited before is told
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '1500'], () => undefined);
    await runCommand(server.ctx, ['deposit', DEMO_MEMBER.phone, '20'], () => undefined);
    await withdraw(400);
    await pass();
    await pass();
    expect(line.sent).toHaveLength(2);
    expect(line.sent).toEqual(
      expect.arrayContaining([expect.stringContaining('Large deposit 1,500 THB'), expect.stringContaining('Large withdrawal 400 THB')]),
    );
    await decide('pay');
    await pass();
    expect(line.sent).toHaveLength(3);
    expect(line.sent[2]).toMatch(/^✅ Resolved\nLarge withdrawal 400 THB/);
  });

  it('deposit requests and chats waiting: alerted once with their screens, resolved when dealt with', async () => {
    await setRules(only({ depositRequests: { enabled: true, count: 0 }, chatWaiting: { enabled: true, minutes: 5 } }));
    await setSetting(server, 'deposit', { ...server.ctx.settings.get('deposit'), isManual: true });
    const token = await login(server.app);
    expect((await call(server.app, 'POST', '/api/wallet/add', { amount: 300 }, { token })).statusCode).toBe(200);
    await server.ctx.database.db
      .insertInto('chat_rooms')
      .values({
        room: 'guest:alerts',
        guest_id: 'alerts',
        session_id: 's',
        username: 'guest',
        name: 'Guest',
        last_message_at: server.clock.now,
        waiting_since: server.clock.now,
      })
      .execute();
    await pass();
    expect(line.sent).toEqual([expect.stringContaining('คำขอฝากเงินรอ 1 รายการ (เกิน 0)')]);
    expect(line.sent[0]).toContain('https://wallet.example/staff/deposit-requests');
    server.clock.now += 6 * 60_000;
    await pass();
    await pass();
    expect(line.sent).toHaveLength(2);
    expect(line.sent[1]).toContain('แชทรอตอบเกิน 5 นาที: 1 ห้อง');
    expect(line.sent[1]).toContain('https://wallet.example/staff/inbox');
    const { id } = await server.ctx.database.db
      .selectFrom('deposit_requests')
      .select('id')
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    await runCommand(server.ctx, ['deposit-request', 'reject', String(id), '--reason', 'alert test'], () => undefined);
    await server.ctx.database.db.updateTable('chat_rooms').set({ ended_at: server.clock.now }).where('room', '=', 'guest:alerts').execute();
    await pass();
    await pass();
    expect(line.sent).toHaveLength(4);
    expect(line.sent.slice(2).every((text) => text.startsWith('✅ กลับเป็นปกติแล้ว'))).toBe(true);
    expect(telegram.sent).toEqual(line.sent);
  });

  it('slips waiting for review above the threshold: alerted once with the slips screen, resolved when reviewed', async () => {
    await setRules(only({ slipQueue: { enabled: true, count: 1 } }), 'en');
    const member = (
      await server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow()
    ).id;
    const review = (n: number) => ({
      member_id: member,
      reference: `alert-slip-${n}`,
      file_name: `alert-slip-${n}.png`,
      content_type: 'image/png',
      status: 'REVIEW' as const,
      note: null,
      currency: 'BAHT',
      sending_bank: null,
      trans_ref: null,
      next_attempt_at: server.clock.now,
      idempotency_key: null,
      journal_id: null,
      sender: null,
      created_at: server.clock.now,
      updated_at: server.clock.now,
    });
    await server.ctx.database.db.insertInto('slips').values(review(1)).execute();
    await pass();
    expect(all()).toEqual([]); // one slip is not above the threshold of 1
    await server.ctx.database.db.insertInto('slips').values(review(2)).execute();
    await pass();
    await pass();
    expect(line.sent).toHaveLength(1);
    expect(line.sent[0]).toContain('https://wallet.example/staff/slips');
    expect(line.sent[0]).toContain('Slips waiting for review: 2 (over 1)');
    await server.ctx.database.db
      .updateTable('slips')
      .set({ status: 'FAILED', note: 'alert test' })
      .where('reference', 'in', ['alert-slip-1', 'alert-slip-2'])
      .execute();
    await pass();
    await pass();
    expect(line.sent).toHaveLength(2);
    expect(line.sent[1]).toContain('Slips waiting for review: 2 (over 1)');
    expect(line.sent[1]).not.toEqual(line.sent[0]); // said resolved, with the same line
    expect(telegram.sent).toEqual(line.sent);
  });

  it('provider faults, a failing sweep and ledger problems, from every instance heartbeat', async () => {
    await setRules(
      only({ providerDown: { enabled: true, faults: 3 }, sweepFailing: { enabled: true }, ledgerProblems: { enabled: true } }),
      'la',
    );
    const now = server.clock.now;
    const beat = (instance: string, fields: object) =>
      server.ctx.database.db
        .insertInto('sweep_heartbeats')
        .values({ instance, seen_at: now, succeeded_at: now, provider_faults: '{}', ...fields })
        .onConflict((oc) =>
          oc
            .column('instance')
            .doUpdateSet({ seen_at: now, succeeded_at: now, failed_tasks: [], ledger_problems: 0, provider_faults: '{}', ...fields }),
        )
        .execute();
    await beat('a', { provider_faults: JSON.stringify({ opn: 2 }) });
    await beat('b', { provider_faults: JSON.stringify({ opn: 1, games: 1 }), failed_tasks: ['slips'], ledger_problems: 2 });
    await pass();
    expect(line.sent).toHaveLength(3);
    expect(line.sent.join('\n')).toContain('ຜູ້ໃຫ້ບໍລິການ opn ບໍ່ຕອບ 3 ເທື່ອ');
    expect(line.sent.join('\n')).toContain('ວຽກເບື້ອງຫຼັງລົ້ມເຫຼວ: slips');
    expect(line.sent.join('\n')).toContain('ລະບົບບັນຊີພົບບັນຫາ 2 ລາຍການ');
    expect(line.sent.join('\n')).not.toContain('games');
    await beat('a', {});
    await beat('b', {});
    await pass();
    await pass();
    expect(line.sent).toHaveLength(6);
    expect(line.sent.slice(3).every((t) => t.startsWith('✅ ກັບມາປົກກະຕິແລ້ວ'))).toBe(true);
    await server.ctx.database.db.deleteFrom('sweep_heartbeats').where('instance', 'in', ['a', 'b']).execute();
  });

  it('a channel that refuses or does not answer is tried again later and counted; it never stops the other channel', async () => {
    await setRules(only({ withdrawalWaiting: { enabled: true, minutes: 1 } }));
    const before = await providerFaultCounts(server.app, METRICS, 'telegram');
    await withdraw(100);
    server.clock.now += 2 * 60_000;
    telegram.mode = 'rate-limited';
    line.mode = 'hang';
    await pass();
    expect(telegram.sent).toEqual([]);
    expect(line.sent).toHaveLength(1); // LINE took it, but its answer never came
    const due = await server.ctx.database.db
      .selectFrom('alert_messages')
      .select(['channel', 'due_at', 'attempts'])
      .where('sent_at', 'is', null)
      .where('due_at', 'is not', null)
      .execute();
    expect(due.map((d) => d.channel).sort()).toEqual(['line', 'telegram']);
    // Telegram's retry_after (7 s) is less than the first backoff (30 s): the longer wait holds
    expect(Number(due.find((d) => d.channel === 'telegram')!.due_at)).toBeGreaterThanOrEqual(server.clock.now + 30_000);
    const after = await providerFaultCounts(server.app, METRICS, 'telegram');
    expect((after.rate_limited ?? 0) - (before.rate_limited ?? 0)).toBe(1);
    expect((await providerFaultCounts(server.app, METRICS, 'line')).timeout).toBeGreaterThanOrEqual(1);
    // the channels answer again: each message goes once (LINE's retry key: the hung try is not a second message)
    line.mode = 'ok';
    telegram.mode = 'ok';
    server.clock.now += 61_000;
    await pass();
    expect(line.sent).toHaveLength(1);
    expect(telegram.sent).toHaveLength(1);
    await decide('reject');
    await pass();
  });

  it('a refused token gives the message up with its code, shown on the channel', async () => {
    await staffCall(server, admin, 'PUT', '/alerts/channels/line', {
      enabled: true,
      token: 'a-wrong-line-token-000',
      target: LINE_GROUP,
      reason: 'rotate',
    });
    await setRules(only({ withdrawalWaiting: { enabled: true, minutes: 1 } }));
    await withdraw(100);
    server.clock.now += 2 * 60_000;
    await pass();
    expect(line.sent).toEqual([]);
    expect(telegram.sent).toHaveLength(1);
    const given = await server.ctx.database.db
      .selectFrom('alert_messages')
      .select(['failed_code'])
      .where('channel', '=', 'line')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(given.failed_code).toBe('unauthorized');
    const view = (await staffCall(server, admin, 'GET', '/alerts')).json();
    expect(view.channels[0].lastError).toMatch(/^unauthorized: LINE answered 401/);
    await staffCall(server, admin, 'PUT', '/alerts/channels/line', {
      enabled: true,
      token: LINE_TOKEN,
      target: LINE_GROUP,
      reason: 'fixed',
    });
    await decide('reject');
    await pass();
  });

  it('every rule reads from an index of the rows it looks at, never a whole table', async () => {
    const nodes: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node }) => (nodes.push(node), node),
      transformResult: async ({ result }) => result,
    };
    const db = server.ctx.database.db;
    await evaluateRules(db.withPlugin(capture), DEFAULT_ALERT_RULES, {
      now: server.clock.now,
      freshMs: 180_000,
      sweepLateMs: 300_000,
      depositCursor: 0,
    });
    expect(nodes.length).toBeGreaterThanOrEqual(8);
    await withTransaction(server.ctx.database, async (tx) => {
      // with sequential scans priced out, a plan still reading a whole table has no index that serves it
      await sql`set local enable_seqscan = off`.execute(tx);
      for (const node of nodes) {
        const { sql: text, parameters } = db.getExecutor().compileQuery(node, { queryId: 'explain' } as never);
        // sweep_heartbeats holds a row per instance (a handful): read whole by design
        if (text.includes('"sweep_heartbeats"')) continue;
        const plan = (await tx.executeQuery(CompiledQuery.raw(`explain ${text}`, [...parameters]))).rows
          .map((r) => Object.values(r as object)[0])
          .join('\n');
        expect([text, plan]).not.toEqual([text, expect.stringContaining('Seq Scan')]);
      }
    });
  });

  it('two instances on one database send each alert once', async () => {
    const second = await build(
      // every instance runs with the same GAME_SECRET_KEY (production requires it): the tokens open on each
      { gameSecretKey: GAME_KEY, lineApiBaseUrl: line.url, telegramApiBaseUrl: telegram.url, publicUrl: 'https://wallet.example' },
      { shareWith: server },
    );
    try {
      second.clock.now = server.clock.now;
      await setRules(only({ withdrawalWaiting: { enabled: true, minutes: 1 } }));
      await withdraw(100);
      server.clock.now += 2 * 60_000;
      second.clock.now = server.clock.now;
      const passes = await Promise.all([
        alertPass(server.ctx, log),
        alertPass(second.ctx, log),
        alertPass(server.ctx, log),
        alertPass(second.ctx, log),
      ]);
      await alertPass(second.ctx, log);
      expect(passes.filter((p) => p.led).length).toBeGreaterThanOrEqual(1);
      expect(line.sent).toHaveLength(1);
      expect(telegram.sent).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
