import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import CryptoJS from 'crypto-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberEvent } from '../../contract/member-events.js';
import { withTransaction } from '../src/db/transaction.js';
import { notifyMember } from '../src/modules/events/service.js';
import { greeting } from '../src/modules/chat/greeter.js';
import { closeSlip } from '../src/modules/deposit/slips.js';
import { recoverOpenIntents } from '../src/modules/wallet/transfers.js';
import { runCommand } from '../src/operator/commands.js';
import { newMember } from './bonus-helpers.js';
import { agentOnline, join, listen, MEMBER_EVENTS, send, textPackage, until, type Joined } from './chat-helpers.js';
import { gatewayCallback } from './deposit-helpers.js';
import { build, call, DEMO_MEMBER, login, type TestServer } from './helper.js';
import { answerLost, pastInFlight, setFaults } from './game-faults.js';
import type { Settings } from '../src/settings/registry.js';
import { slipDriver } from './slip-helpers.js';
import { signedIn, staffCall } from './staff-helpers.js';

type Listener = Joined<MemberEvent>;

/** A socket.io client that joins the member's events with `token` and records every event it hears. */
const memberSocket = (url: string, token: unknown) => join<MemberEvent>(url, { token }, MEMBER_EVENTS);

describe('live member events', () => {
  let server: TestServer;
  let url: string;
  let token: string;
  let dir: string;
  let mine: Listener;
  let other: Listener;
  const sockets: Listener[] = [];
  const slips = slipDriver(
    () => server,
    () => dir,
    () => token,
  );
  const { operator } = slips;
  /**
   * Runs `step` and answers the events the member's socket heard from its start once `count` have come (they
   * arrive in commit order): a wrong event, or one more that came before them, is in the answer.
   */
  const tells = async (count: number, step: () => Promise<unknown>): Promise<MemberEvent[]> => {
    const from = mine.received.length;
    await step();
    await until(() => mine.received.length >= from + count);
    return mine.received.slice(from);
  };
  /** What the member is told from `step` on, up to and with the first event `last` picks. */
  const toldUntil = async (last: (e: MemberEvent) => boolean, step: () => Promise<unknown>): Promise<MemberEvent[]> => {
    const from = mine.received.length;
    await step();
    await until(() => mine.received.slice(from).some(last));
    const told = mine.received.slice(from);
    return told.slice(0, told.findIndex(last) + 1);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-events-'));
    server = await build({ dataDir: dir, gameSecretKey: Buffer.alloc(32, 7) });
    url = await listen(server);
    // an agent has the inbox open: a new conversation is greeted without the offline notice
    await agentOnline(server);
    await operator('settings', 'set', 'slip', JSON.stringify({ minDeposit: 1, closeTime: '00:00' }));
    await server.ctx.settings.refresh();
    token = await login(server.app);
    mine = await memberSocket(url, token);
    other = await memberSocket(url, (await newMember(server)).token);
    sockets.push(mine, other);
  });
  afterAll(async () => {
    // another member heard nothing of all this member's events
    expect(other.received).toEqual([]);
    for (const s of sockets) s.socket.disconnect();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('joins only with a live session token', async () => {
    expect(mine.answer).toEqual({ message: 'SUCCESS' });
    const bad = await memberSocket(url, 'not-a-token');
    const none = await memberSocket(url, 42);
    sockets.push(bad, none);
    expect(bad.answer).toEqual({ message: 'invalid-token' });
    expect(none.answer).toEqual({ message: 'KEY_INVALID' });
  });

  it('tells a credit from the operator (another process) with its amount', async () => {
    expect(await tells(1, () => operator('deposit', DEMO_MEMBER.phone, '500'))).toEqual([
      { kind: 'credit', source: 'OPERATOR', amount: 500 },
    ]);
  });

  it('tells a QR code paid by the gateway, and a payment of an expired code', async () => {
    const created = (await call(server.app, 'POST', '/api/qrcode/KBANK', { amount: 100 }, { token })).json() as { qrcodeId: string };
    expect(await tells(1, () => gatewayCallback(server, 'KBANK', { transactionId: `Epg1`, ref: created.qrcodeId, amount: 100 }))).toEqual([
      { kind: 'qr', qrcodeId: created.qrcodeId, provider: 'KBANK', status: 'PAID', amount: 100 },
    ]);
    const late = (await call(server.app, 'POST', '/api/qrcode/KBANK', { amount: 20 }, { token })).json() as { qrcodeId: string };
    server.clock.now += 11 * 60_000;
    try {
      expect(await tells(1, () => gatewayCallback(server, 'KBANK', { transactionId: `Epg2`, ref: late.qrcodeId, amount: 20 }))).toEqual([
        { kind: 'qr', qrcodeId: late.qrcodeId, provider: 'KBANK', status: 'EXPIRED', amount: 20 },
      ]);
    } finally {
      server.clock.now -= 11 * 60_000;
    }
  });

  it('tells a slip credited with its amount, and a slip failed with its reason', async () => {
    // atNoon moves the clock to a noon for the slips; it is put back, or the operator's chat reply (signed at the
    // real time, refused a minute away from the server's clock) would never be delivered
    const clock = server.clock.now;
    try {
      const good = await slips.uploadReference(await slips.makeSlip('150.25', '--minutes-ago', slips.atNoon()));
      await slips.settle();
      await until(() => mine.received.some((e) => e.kind === 'slip' && e.reference === good));
      expect(mine.received.find((e) => e.kind === 'slip' && e.reference === good)).toEqual({
        kind: 'slip',
        reference: good,
        status: 'SUCCESS',
        note: null,
        amount: 150.25,
      });
      // the operator's reject racing the worker that credited it: the slip stays SUCCESS, and nothing more is told
      await closeSlip(server.ctx, await slips.slipId(good), 'FAILED', 'SLIP_INVALID');
      const again = await slips.uploadReference(await slips.makeSlip('80', '--minutes-ago', slips.atNoon(120)));
      await slips.settle();
      await until(() => mine.received.some((e) => e.kind === 'slip' && e.reference === again));
      expect(mine.received.find((e) => e.kind === 'slip' && e.reference === again)).toMatchObject({
        status: 'FAILED',
        note: 'SLIP_EXPIRED',
      });
      expect(mine.received.filter((e) => e.kind === 'slip' && e.reference === good).map((e) => e.kind === 'slip' && e.status)).toEqual([
        'SUCCESS',
      ]);
    } finally {
      server.clock.now = clock;
    }
  });

  it('tells a withdrawal paid in the staff console and one rejected by the operator', async () => {
    const clerk = (await signedIn(server, 'events-clerk', 'finance')).browser;
    for (const action of ['pay', 'reject'] as const) {
      // the request itself tells nothing: the member made it
      const told = await tells(1, async () => {
        const res = await call(server.app, 'POST', '/api/wallet/withdraw', { amount: 100 }, { token });
        expect(res.statusCode, res.body).toBe(200);
        const [row] = await server.ctx.database.db.selectFrom('withdrawals').select('id').where('status', '=', 'PENDING').execute();
        if (action === 'pay')
          expect((await staffCall(server, clerk, 'POST', `/withdrawals/${row!.id}/pay`, { reference: 'FT2611250001' })).statusCode).toBe(
            200,
          );
        else await operator('withdrawal', 'reject', String(row!.id), '--reason', 'account closed');
      });
      // a rejection says why as the member reads it: the operator gave no --tell, so "contact support"
      expect(told).toEqual([
        action === 'pay'
          ? { kind: 'withdraw', status: 'SUCCESS', amount: 100 }
          : { kind: 'withdraw', status: 'FAILED', amount: 100, reason: 'WITHDRAW_ASK_SUPPORT' },
      ]);
    }
  });

  it('tells a staff adjustment, signed: a credit and a debit', async () => {
    const clerk = (await signedIn(server, 'adjust-clerk', 'finance')).browser;
    const told = await tells(2, async () => {
      for (const [kind, amount] of [
        ['credit', 12.5],
        ['debit', 2],
      ] as const) {
        const res = await staffCall(server, clerk, 'POST', '/adjustments', { phone: DEMO_MEMBER.phone, kind, amount, reason: 'goodwill' });
        expect(res.statusCode, res.body).toBe(200);
      }
    });
    expect(told).toEqual([
      { kind: 'adjustment', amount: 12.5 },
      { kind: 'adjustment', amount: -2 },
    ]);
  });

  it("tells nothing of a transaction that rolled back, and a retried transaction's event once", async () => {
    const { database } = server.ctx;
    const { id } = await database.db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const credit = (amount: number) => ({ kind: 'credit', source: 'OPERATOR', amount }) as const;
    await expect(
      withTransaction(database, async (tx) => {
        await notifyMember(database, id, credit(0.01), tx);
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed');
    let attempts = 0;
    await withTransaction(database, async (tx) => {
      await notifyMember(database, id, credit(0.02), tx);
      // the first attempt loses a race (as a deadlock would): it is run again
      if (++attempts === 1) throw Object.assign(new Error('lost a race'), { code: '40P01' });
    });
    await until(() => mine.received.some((e) => e.kind === 'credit' && e.amount === 0.02));
    // events arrive in commit order: by now a rolled-back one would have come
    expect(mine.received.filter((e) => e.kind === 'credit' && e.amount < 0.1)).toEqual([credit(0.02)]);
  });

  it('tells every one of many events told at once outside a transaction, in the order they were told', async () => {
    // on Postgres the first goes alone and the others gather while it is on its way (events/service.ts told)
    const { database } = server.ctx;
    const { id } = await database.db.selectFrom('members').select('id').where('phone', '=', DEMO_MEMBER.phone).executeTakeFirstOrThrow();
    const events = Array.from({ length: 40 }, (_, i) => ({ kind: 'adjustment', amount: 0.5 + i }) as const);
    const told = await tells(events.length, () => Promise.all(events.map((event) => notifyMember(database, id, event))));
    expect(told).toEqual(events);
  });

  it('tells a manual request confirmed and a gift link credited', async () => {
    await operator('settings', 'set', 'deposit', JSON.stringify({ ...server.ctx.settings.get('deposit'), isManual: true }));
    await server.ctx.settings.refresh();
    const added = await call(server.app, 'POST', '/api/wallet/add', { amount: 300 }, { token });
    expect(added.statusCode, added.body).toBe(200);
    const { requestId } = added.json() as { requestId: number };
    await operator('staff', 'add', 'eventclerk', 'finance');
    expect(await tells(1, () => operator('deposit-request', 'confirm', String(requestId), '--as', 'eventclerk'))).toEqual([
      { kind: 'credit', source: 'MANUAL', amount: 300 },
    ]);
    const link = (await operator('giftlink', 'make', '50.25')).at(-1)!;
    const told = await tells(1, async () => {
      const redeemed = await call(
        server.app,
        'POST',
        '/api/wallet/truelink',
        { link: CryptoJS.AES.encrypt(link, server.config.giftlinkSecret).toString() },
        { token },
      );
      expect(redeemed.statusCode, redeemed.body).toBe(200);
    });
    expect(told).toEqual([{ kind: 'credit', source: 'TRUELINK', amount: 50.25 }]);
  });

  it("tells support's reply, sent by the operator's command; the member's chat socket hears only the chat", async () => {
    const chat = await join(url, { token });
    const chatHeard: unknown[] = [];
    chat.socket.on('member', (e: unknown) => chatHeard.push(e));
    // the first message of a session brings the greeter's answer: support's messages too, told. Each is a
    // hint to refresh, and identical hints that go out in one statement reach the member once (Postgres'
    // NOTIFY folds them), so the greeter's several messages are told at least once, never as anything else.
    // the greeter's as the bot's, an agent's as the agent's (only an agent's reply is a notice: Web Push)
    const onlyChat = (told: MemberEvent[], from: 'bot' | 'agent') => expect(told).toEqual(told.map(() => ({ kind: 'chat', from })));
    const greeted = greeting(server.ctx.settings.get('chat').greeter, 'th').length;
    expect(greeted).toBeGreaterThan(0);
    onlyChat(await tells(1, () => send(server, textPackage('hello?', {}), token)), 'bot');
    // the chat socket has the member's message and the greeter's
    await until(() => chat.received.length >= greeted + 1);
    const reply = () =>
      runCommand({ database: server.ctx.database, config: server.config }, ['chat', 'reply', DEMO_MEMBER.phone, 'Hi'], () => undefined);
    // the greeter's hints may still be arriving (each message its own statement): before the reply's, never after
    const told = await toldUntil((e) => e.kind === 'chat' && e.from === 'agent', reply);
    onlyChat(told.slice(0, -1), 'bot');
    expect(told.at(-1)).toEqual({ kind: 'chat', from: 'agent' });
    await until(() => chat.received.length >= greeted + 2);
    chat.socket.disconnect();
    expect(chatHeard).toEqual([]);
  });

  it('tells a transfer in transit returned to the wallet, or settled in the game, once the sweep resolves it', async () => {
    const faults = (value: Settings['providerFaults']) => setFaults(server, value);
    expect((await call(server.app, 'GET', '/api/wallet/activate/PG', undefined, { token })).statusCode).toBe(200);
    const inTransit = async () => {
      const first = await call(server.app, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 7 }, { token });
      expect([first.statusCode, first.json()]).toEqual([409, { message: 'TRANSFER_PENDING' }]);
    };
    // the provider never took it: the sweep puts it back in the wallet
    await faults({ PG: 'hang' });
    try {
      const told = await tells(1, async () => {
        await inTransit();
        await faults({});
        pastInFlight(server);
        expect(await recoverOpenIntents(server.ctx)).toMatchObject({ compensated: 1 });
      });
      expect(told).toEqual([{ kind: 'transfer', status: 'RETURNED' }]);
    } finally {
      await faults({});
    }
    // the provider took it but its answer was lost, and it could not be asked until it was back: the sweep settles it
    const provider = answerLost(server);
    try {
      const told = await tells(1, async () => {
        await inTransit();
        provider.back();
        pastInFlight(server);
        expect(await recoverOpenIntents(server.ctx)).toMatchObject({ settled: 1 });
      });
      expect(told).toEqual([{ kind: 'transfer', status: 'SETTLED' }]);
    } finally {
      provider.restore();
    }
  });

  it('reaches the member on another instance than the one that moved the money', async () => {
    const second = await build({}, { shareWith: server });
    try {
      const there = await memberSocket(await listen(second), token);
      sockets.push(there);
      await operator('deposit', DEMO_MEMBER.phone, '7');
      await until(() => there.received.some((e) => e.kind === 'credit' && e.amount === 7));
    } finally {
      await second.close();
    }
  });

  it('tells no event after the session ended', async () => {
    const m = await newMember(server);
    const listener = await memberSocket(url, m.token);
    sockets.push(listener);
    await call(server.app, 'POST', '/api/logout', undefined, { token: m.token });
    await server.app.chatRecheckSessions();
    await until(() => !listener.socket.connected);
  });
});
