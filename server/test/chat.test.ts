import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/operator/commands.js';
import { newMember } from './bonus-helpers.js';
import { agentOnline, guestId, history, MP4, multipart, PNG, send, textPackage } from './chat-helpers.js';
import { sweepUnusedUploads } from '../src/modules/chat/upload-sweep.js';
import { build, call, message, type TestServer } from './helper.js';

interface Msg {
  _id: string;
  sender: string;
  session_id: string;
  message: { message_type: string; payload?: Record<string, unknown>; payloads?: Record<string, unknown>[] };
  read: boolean;
}
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: Msg[] }).messages;

describe('support chat over HTTP', () => {
  let server: TestServer;
  const operator = async (...args: string[]) => {
    const lines: string[] = [];
    await runCommand({ database: server.ctx.database, config: server.config }, args, (l) => lines.push(l));
    return lines;
  };
  beforeAll(async () => {
    server = await build({ publicUrl: 'http://127.0.0.1:9' });
    // an agent has the inbox open: the greeter alone answers a new conversation (the offline notice has its own test)
    await agentOnline(server);
  });
  afterAll(() => server.close());

  it('answers the config while the backend is on, and the widget lookup follows it', async () => {
    const config = await call(server.app, 'GET', '/api/chat/config');
    expect(config.json()).toEqual({ PREFIX: 'http://127.0.0.1:9' });
    await server.ctx.database.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'enableChatWidget').execute();
    await server.ctx.settings.refresh();
    expect((await call(server.app, 'GET', '/api/lookup/enableChatWidget')).json()).toEqual({ enableChatWidget: true });
    await operator('settings', 'set', 'chat', JSON.stringify({ ...server.ctx.settings.get('chat'), enabled: false }));
    await server.ctx.settings.refresh();
    try {
      expect([(await call(server.app, 'GET', '/api/chat/config')).statusCode]).toEqual([404]);
      expect((await call(server.app, 'GET', '/api/lookup/enableChatWidget')).json()).toEqual({ enableChatWidget: false });
      const refused = await send(server, textPackage('hi', { guestId: guestId() }));
      expect([refused.statusCode, message(refused)]).toEqual([403, 'CHAT_DISABLED']);
    } finally {
      await operator('settings', 'set', 'chat', JSON.stringify({ ...server.ctx.settings.get('chat'), enabled: true }));
      await server.ctx.settings.refresh();
    }
  });

  it('greets a new session with a text, quick replies, buttons and a carousel, in the language sent', async () => {
    const guest = guestId();
    const sent = await send(server, textPackage('สวัสดี', { guestId: guest }, { lang: 'en' }));
    expect(sent.statusCode).toBe(200);
    expect(sent.json().timestamp).toBe(server.clock.now);
    const page = messagesOf(await history(server, { guestId: guest }));
    expect(page.map((m) => [m.sender, m.message.message_type])).toEqual([
      ['bot', 'generic'],
      ['bot', 'buttons'],
      ['bot', 'quick_replies'],
      ['bot', 'text'],
      ['customer', 'text'],
    ]);
    const [generic, buttons, quick, text] = page;
    expect(text!.message.payload).toEqual({ message: 'Hello, welcome to customer service. The team answers within 5 minutes.' });
    expect(quick!.message.payload!.quick_replies).toContainEqual({ title: 'Deposit', payload: 'DEPOSIT' });
    expect((buttons!.message.payload!.buttons as { type: string }[]).map((b) => b.type)).toEqual(['web', 'call', 'postback']);
    expect(generic!.message.payloads![0]).toMatchObject({ image_url: '/bonus/first-deposit.svg', title: 'First deposit bonus 100%' });
    // a second message of the same session is not greeted again
    await send(server, textPackage('again', { guestId: guest }));
    expect(messagesOf(await history(server, { guestId: guest })).filter((m) => m.sender === 'bot')).toHaveLength(4);
  });

  it('tells a new conversation, when no agent has the inbox open, that nobody is online and the hours, in its language', async () => {
    const online = await server.ctx.database.db.selectFrom('staff_presence').selectAll().execute();
    await server.ctx.database.db.deleteFrom('staff_presence').execute();
    try {
      for (const [lang, words] of [
        ['en', 'No agent is online right now. We answer every day, 09:00 to midnight.'],
        ['la', 'ຕອນນີ້ບໍ່ມີພະນັກງານອອນລາຍ ເວລາເຮັດການ: ທຸກມື້ 09:00–24:00 ໂມງ'],
      ] as const) {
        const guest = guestId();
        await send(server, textPackage('hello?', { guestId: guest }, { lang }));
        const [notice, generic] = messagesOf(await history(server, { guestId: guest }));
        expect([notice!.sender, generic!.message.message_type]).toEqual(['bot', 'generic']);
        expect(notice!.message.payload!.message).toContain(words);
        // said once a conversation, not on every message
        await send(server, textPackage('anyone?', { guestId: guest }, { lang }));
        expect(messagesOf(await history(server, { guestId: guest })).filter((m) => m.sender === 'bot')).toHaveLength(5);
      }
    } finally {
      if (online.length) await server.ctx.database.db.insertInto('staff_presence').values(online).execute();
    }
  });

  it('stores a message sent twice with one clientMessageId once, and refuses the id for other content', async () => {
    const guest = guestId();
    const body = textPackage('only once', { guestId: guest });
    const first = await send(server, body);
    server.clock.now += 1000;
    const again = await send(server, body);
    expect(again.json()).toEqual(first.json());
    expect(messagesOf(await history(server, { guestId: guest })).filter((m) => m.sender === 'customer')).toHaveLength(1);
    const other = await send(server, { ...body, message: { message_type: 'text', payload: { message: 'changed' } } });
    expect([other.statusCode, message(other)]).toEqual([422, 'KEY_INVALID']);
  });

  it('refuses blank and over-long text with their codes and stores nothing', async () => {
    const guest = guestId();
    for (const [text, code] of [
      ['   ', 'CHAT_EMPTY'],
      [' \u200b\u3000\n\ufeff ', 'CHAT_EMPTY'],
      ['x'.repeat(2001), 'CHAT_TOO_LONG'],
    ] as const) {
      const res = await send(server, textPackage(text, { guestId: guest }));
      expect([res.statusCode, message(res)]).toEqual([400, code]);
    }
    expect((await send(server, textPackage('x'.repeat(2000), { guestId: guest }))).statusCode).toBe(200);
    const bad = await send(server, textPackage('hi', { guestId: 'short' }));
    expect([bad.statusCode, message(bad)]).toEqual([400, 'KEY_INVALID']);
  });

  it('answers 429 past 30 messages a minute in one conversation and stores none of the refused', async () => {
    const guest = guestId();
    const first = textPackage('m0', { guestId: guest });
    for (let i = 0; i < 30; i += 1)
      expect((await send(server, i === 0 ? first : textPackage(`m${i}`, { guestId: guest }))).statusCode).toBe(200);
    // a retry of a stored message (a lost answer) is answered as before, not counted
    expect((await send(server, first)).statusCode).toBe(200);
    const over = await send(server, textPackage('one too many', { guestId: guest }));
    expect([over.statusCode, message(over)]).toEqual([429, 'REQUEST_LIMIT_1MIN']);
    const page = (await history(server, { guestId: guest }, undefined, { limit: 50 })).json() as {
      messages: { message: { payload: { message?: string } } }[];
    };
    expect(page.messages.some((m) => m.message.payload?.message === 'one too many')).toBe(false);
    // another conversation is not held back by this one
    expect((await send(server, textPackage('hello', { guestId: guestId() }))).statusCode).toBe(200);
  });

  it("keeps a member in their own conversation whatever userId says, and never shows one member's to another", async () => {
    const a = await newMember(server);
    const b = await newMember(server);
    expect((await send(server, textPackage('from A', { userId: '999' }), a.token)).statusCode).toBe(200);
    const aPage = messagesOf(await history(server, {}, a.token));
    expect(aPage.find((m) => m.sender === 'customer')?.message.payload).toEqual({ message: 'from A' });
    const aUserId = (await history(server, {}, a.token)).json().messages[0].userId as string;
    const bPage = await history(server, { userId: aUserId }, b.token);
    expect(bPage.json()).toEqual({ total: 0, messages: [] });
    const noToken = await history(server, { userId: aUserId });
    expect([noToken.statusCode, message(noToken)]).toEqual([401, 'invalid-token']);
    const wrong = await history(server, { userId: aUserId }, 'not-a-token');
    expect([wrong.statusCode, message(wrong)]).toEqual([401, 'invalid-token']);
  });

  it("keeps guests apart and pages newest first, 10 by default; read marks only the room's agent messages", async () => {
    const g1 = guestId();
    const g2 = guestId();
    for (let i = 0; i < 12; i++) await send(server, textPackage(`m${i}`, { guestId: g1 }));
    expect((await history(server, { guestId: g2 })).json()).toEqual({ total: 0, messages: [] });
    const first = await history(server, { guestId: g1 });
    expect(first.json().total).toBe(16);
    expect(messagesOf(first)).toHaveLength(10);
    expect(messagesOf(first)[0]!.message.payload).toEqual({ message: 'm11' });
    const older = messagesOf(await history(server, { guestId: g1 }, undefined, { skip: 10, limit: 3 }));
    // the greeting follows m0 (a generic carousel has no payload.message), in Thai when no lang is sent
    expect(older.map((m) => m.message.payload?.message)).toEqual(['m1', undefined, 'ช่องทางติดต่ออื่น']);
    // by cursor: what is older than the tenth newest, whatever arrives meanwhile
    const tenth = messagesOf(first)[9]!._id;
    await send(server, textPackage('meanwhile', { guestId: g1 }));
    const byCursor = messagesOf(await history(server, { guestId: g1 }, undefined, { before: tenth, limit: 3 }));
    expect(byCursor.map((m) => m.message.payload?.message)).toEqual(['m1', undefined, 'ช่องทางติดต่ออื่น']);
    const bad = await history(server, { guestId: g1 }, undefined, { before: 'x1' });
    expect(bad.statusCode).toBe(400);
    // a cursor past any message id (a serial's range) is the newest page, not a 500
    for (const past of ['2147483648', '999999999999999']) {
      const newest = messagesOf(await history(server, { guestId: g1 }, undefined, { before: past, limit: 1 }));
      expect(newest.map((m) => m.message.payload?.message)).toEqual(['meanwhile']);
    }
    await send(server, textPackage('hello', { guestId: g2 }));
    const read = await call(server.app, 'PUT', '/api/chat/read-customer/', { userId: null, guestId: g1 });
    expect(read.json()).toEqual({ read: 4 });
    const again = await call(server.app, 'PUT', '/api/chat/read-customer/', { userId: null, guestId: g1 });
    expect(again.json()).toEqual({ read: 0 });
    expect(messagesOf(await history(server, { guestId: g2 })).filter((m) => m.sender === 'bot' && m.read)).toHaveLength(0);
  });

  it('counts the replies a customer has not read yet, member and guest apart, until they are read', async () => {
    const { phone, token } = await newMember(server);
    const unread = async (who: { guestId: string | null }, bearer?: string) => {
      const res = await call(server.app, 'POST', '/api/chat/unread', { userId: null, ...who }, { token: bearer });
      return [res.statusCode, res.json()];
    };
    expect(await unread({ guestId: null }, token)).toEqual([200, { unread: 0 }]);
    await send(server, textPackage('help me', {}), token);
    const [, greeted] = await unread({ guestId: null }, token);
    expect(greeted.unread).toBeGreaterThan(0); // the greeter answered the new session
    await operator('chat', 'reply', phone, 'We', 'are', 'here');
    expect(await unread({ guestId: null }, token)).toEqual([200, { unread: greeted.unread + 1 }]);
    // a guest on another device has a conversation of their own
    expect(await unread({ guestId: guestId() })).toEqual([200, { unread: 0 }]);
    await call(server.app, 'PUT', '/api/chat/read-customer/', { userId: null, guestId: null }, { token });
    expect(await unread({ guestId: null }, token)).toEqual([200, { unread: 0 }]);
    // the customer's own messages never count, and a bad guest id is refused, not answered
    await send(server, textPackage('thanks', {}), token);
    expect(await unread({ guestId: null }, token)).toEqual([200, { unread: 0 }]);
    expect((await unread({ guestId: 'x' }))[0]).toBe(400);
  });

  it('lets the operator list, show, take, reply, send buttons and end; the next message opens a new, greeted session', async () => {
    const { phone, token } = await newMember(server);
    await send(server, textPackage('help me', {}), token);
    await operator('staff', 'add', 'nok', 'agent');
    await operator('staff', 'name', 'nok', 'Nok');
    const list = await operator('chat', 'list');
    // unread, who, name, waiting since, holder, the last words of the customer or an agent
    expect(list.find((l) => l.includes(phone))).toMatch(/^1\t\d+\t.*\t\d{4}-.*\tnobody\tcustomer: help me$/);
    expect((await operator('chat', 'show', phone)).join('\n')).toContain('help me');
    // only the holder's reading marks the customer's messages read
    expect((await operator('chat', 'list')).find((l) => l.includes(phone))).toMatch(/^1\t/);
    expect(await operator('--as', 'nok', 'chat', 'take', phone)).toEqual([
      'nok holds member:' + (await history(server, {}, token)).json().messages[0].userId,
    ]);
    await operator('--as', 'nok', 'chat', 'show', phone);
    expect((await operator('chat', 'list')).find((l) => l.includes(phone))).toMatch(/^0\t.*\tnok\t/);
    // the holder answers; the system is refused while nok holds it
    await expect(operator('chat', 'reply', phone, 'hi')).rejects.toThrow(/another staff member holds the conversation/);
    const replied = await operator('--as', 'nok', 'chat', 'reply', phone, 'We', 'are', 'here');
    expect(replied.at(-1)).toMatch(/^sent text \d+ to member:\d+; a running server delivers it/);
    await operator(
      '--as',
      'nok',
      'chat',
      'buttons',
      phone,
      JSON.stringify({ message: 'Pick', buttons: [{ title: 'Site', type: 'web', payload: 'https://x.example' }] }),
    );
    await expect(operator('--as', 'nok', 'chat', 'buttons', phone, '{"message":"x","buttons":[]}')).rejects.toThrow(/chat buttons needs/);
    const before = (await history(server, {}, token)).json().messages as (Msg & { agentName?: string | null })[];
    expect(before.slice(0, 2).map((m) => [m.sender, m.message.message_type, m.agentName])).toEqual([
      ['agent', 'buttons', 'Nok'],
      ['agent', 'text', 'Nok'],
    ]);
    // answered: no longer waiting
    expect((await operator('chat', 'list')).find((l) => l.includes(phone))).toMatch(/\tanswered\tnok\t/);
    await operator('--as', 'nok', 'chat', 'end', phone, 'Thank', 'you,', 'have a good day.');
    expect((await operator('chat', 'list')).some((l) => l.includes(phone))).toBe(false);
    // the closing words, then the end marker, close the ended session: the customer sees it ended
    const [marker, closing] = messagesOf(await history(server, {}, token, { limit: 2 }));
    expect([marker!.sender, marker!.message.message_type, marker!.session_id]).toEqual(['bot', 'end', before[0]!.session_id]);
    expect([closing!.sender, closing!.message.payload, closing!.session_id]).toEqual([
      'agent',
      { message: 'Thank you, have a good day.' },
      before[0]!.session_id,
    ]);
    await expect(operator('--as', 'nok', 'chat', 'end', phone)).rejects.toThrow(/has ended/);
    await send(server, textPackage('one more thing', {}), token);
    const after = messagesOf(await history(server, {}, token, { limit: 5 }));
    expect(after[4]!.session_id).not.toBe(before[0]!.session_id);
    expect(after.filter((m) => m.sender === 'bot')).toHaveLength(4);
    // a new conversation: nobody holds it
    expect((await operator('chat', 'list')).find((l) => l.includes(phone))).toMatch(/^1\t.*\t\d{4}-[^\t]*\tnobody\t/);
  });

  it("strips control and bidi characters from a guest's name and text: stored, shown and listed without them", async () => {
    const guest = guestId();
    const evil = { username: '\u001b[31mred', name: '\u001b]0;title\u0007Evil\u202e' };
    expect((await send(server, textPackage('hi\u001b[2J\u2066 there\nsecond line\u202e', { guestId: guest }, evil))).statusCode).toBe(200);
    const out = [...(await operator('chat', 'show', guest)), ...(await operator('chat', 'list'))].join('\n');
    expect(['\u001b', '\u0007', '\u202e', '\u2066'].filter((c) => out.includes(c))).toEqual([]);
    expect(out).toContain('([31mred)');
    expect(out).toContain(']0;titleEvil');
    const room = await server.ctx.database.db
      .selectFrom('chat_rooms')
      .select(['name', 'username'])
      .where('guest_id', '=', guest)
      .executeTakeFirstOrThrow();
    expect(room).toEqual({ name: ']0;titleEvil', username: '[31mred' });
    const mine = messagesOf(await history(server, { guestId: guest })).find((m) => m.sender === 'customer')!;
    expect(mine.message.payload?.message).toBe('hi[2J there\nsecond line');
    // a tapped button's payload is the customer's to send as well: stored without them
    const tapped = {
      ...textPackage('', { guestId: guest }),
      message: { message_type: 'postback', payload: { message: 'Details', payload: 'BONUS\u202e_1\u0007' } },
    };
    expect((await send(server, tapped)).statusCode).toBe(200);
    const postback = messagesOf(await history(server, { guestId: guest })).find((m) => m.message.message_type === 'postback')!;
    expect(postback.message.payload).toEqual({ message: 'Details', payload: 'BONUS_1' });
    // nothing left but such characters is blank
    const blank = await send(server, textPackage('\u202e\u2066\u0007', { guestId: guest }));
    expect([blank.statusCode, message(blank)]).toEqual([400, 'CHAT_EMPTY']);
  });

  it('opens at most 5 new guest conversations a minute and 30 an hour from one address, on every instance alike', async () => {
    const address = '203.0.113.9';
    const open = (on: TestServer = server) => send(on, textPackage('hello', { guestId: guestId() }), undefined, address);
    const first = guestId();
    expect((await send(server, textPackage('hello', { guestId: first }), undefined, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await open()).statusCode).toBe(200);
    const refused = guestId();
    const over = await send(server, textPackage('one more', { guestId: refused }), undefined, address);
    expect([over.statusCode, message(over)]).toEqual([429, 'REQUEST_LIMIT_1MIN']);
    expect(await server.ctx.database.db.selectFrom('chat_rooms').select('room').where('guest_id', '=', refused).execute()).toEqual([]);
    // a conversation already open goes on; another address opens its own
    expect((await send(server, textPackage('still here', { guestId: first }), undefined, address)).statusCode).toBe(200);
    expect((await send(server, textPackage('hello', { guestId: guestId() }), undefined, '203.0.113.10')).statusCode).toBe(200);
    // a second instance on the same database counts the same address
    const other = await build({ publicUrl: 'http://127.0.0.1:9' }, { shareWith: server });
    try {
      other.clock.now = server.clock.now;
      const there = await open(other);
      expect([there.statusCode, message(there)]).toEqual([429, 'REQUEST_LIMIT_1MIN']);
    } finally {
      await other.close();
    }
    // each minute on, five more, up to 30 attempts in the hour (the two refused above count too), then
    // none until the hour has passed
    const answers: number[] = [];
    for (let minute = 0; minute < 6; minute += 1) {
      server.clock.now += 61_000;
      for (let i = 0; i < 5; i += 1) answers.push((await open()).statusCode);
    }
    expect(answers).toEqual([...Array<number>(23).fill(200), ...Array<number>(7).fill(429)]);
    server.clock.now += 60 * 60_000;
    expect((await open()).statusCode).toBe(200);
  });

  it('deletes an upload no message names an hour later (not after 30 minutes), and keeps one a message names', async () => {
    const upload = async () =>
      (await server.app.inject({ method: 'POST', url: '/api/chat/upload-image', ...multipart(PNG) })).json() as { path: string };
    const start = server.clock.now;
    const sent = await upload();
    const unsent = await upload();
    const guest = guestId();
    const res = await send(server, {
      ...textPackage('', { guestId: guest }),
      message: { message_type: 'media', payload: { fileType: 'image', filePath: sent.path, name: 'a.png' } },
    });
    expect(res.statusCode).toBe(200);
    const served = async (path: string) => (await server.app.inject({ method: 'GET', url: path })).statusCode;
    try {
      server.clock.now = start + 30 * 60_000;
      await sweepUnusedUploads(server.ctx);
      expect([await served(unsent.path), await served(sent.path)]).toEqual([200, 200]);
      server.clock.now = start + 60 * 60_000 + 1;
      expect(await sweepUnusedUploads(server.ctx)).toBeGreaterThanOrEqual(1);
      expect([await served(unsent.path), await served(sent.path)]).toEqual([404, 200]);
    } finally {
      server.clock.now = start;
    }
  });

  it('takes images and videos by their bytes, within 10 and 20 MB, and serves them with their type', async () => {
    const upload = (kind: string, bytes: Buffer) =>
      server.app.inject({ method: 'POST', url: `/api/chat/upload-${kind}`, ...multipart(bytes) });
    const image = await upload('image', PNG);
    expect(image.statusCode).toBe(200);
    const file = await server.app.inject({ method: 'GET', url: image.json().path });
    expect([file.statusCode, file.headers['content-type'], file.rawPayload.equals(PNG)]).toEqual([200, 'image/png', true]);
    for (const [kind, bytes] of [
      ['image', MP4],
      ['video', PNG],
      ['image', Buffer.from('<svg onload=alert(1)>')],
    ] as const) {
      const res = await upload(kind, bytes);
      expect([res.statusCode, message(res)], kind).toEqual([415, 'CHAT_FILE_UNSUPPORTED']);
    }
    const big = await upload('image', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect([big.statusCode, message(big)]).toEqual([413, 'CHAT_FILE_TOO_LARGE']);
    const video = await upload('video', Buffer.concat([MP4, Buffer.alloc(15 * 1024 * 1024)]));
    expect(video.statusCode).toBe(200);
    const bigVideo = await upload('video', Buffer.concat([MP4, Buffer.alloc(20 * 1024 * 1024)]));
    expect([bigVideo.statusCode, message(bigVideo)]).toEqual([413, 'CHAT_FILE_TOO_LARGE']);
    // a media message names only a file uploaded here, as the kind it was taken for
    const guest = guestId();
    const media = (filePath: string, fileType: string) =>
      send(server, {
        ...textPackage('', { guestId: guest }),
        message: { message_type: 'media', payload: { url: true, fileType, filePath, name: 'a.png' } },
      });
    expect((await media(image.json().path, 'image')).statusCode).toBe(200);
    expect(message(await media(image.json().path, 'video'))).toBe('CHAT_FILE_UNSUPPORTED');
    expect(message(await media('/files/chat/AAAAAAAAAAAAAAAAAAAAAAAA', 'image'))).toBe('CHAT_FILE_UNSUPPORTED');
  });
});
