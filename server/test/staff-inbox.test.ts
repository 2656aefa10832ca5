import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxEvent, InboxList, InboxThread } from '../../contract/staff-inbox.js';
import { newMember } from './bonus-helpers.js';
import {
  guestId,
  history,
  join,
  listen,
  PNG,
  send,
  textPackage,
  type Channel,
  type Joined,
  until,
  untilAdaptersListen,
} from './chat-helpers.js';
import { build, call, message, scratchDatabase, type TestServer } from './helper.js';
import { auditOf, json } from './staff-queue-helpers.js';
import { drainOutbox } from '../src/modules/chat/bus.js';
import { migrate } from '../src/db/database.js';
import { operator, signedIn, staffCall, staffUpload, type StaffBrowser } from './staff-helpers.js';

/** The console's socket: `staff-join` {ticket}, then every `inbox` event. */
const STAFF: Channel = { join: 'staff-join', hears: 'inbox' };

interface Msg {
  _id: string;
  sender: string;
  agentName?: string | null;
  session_id: string;
  message: { message_type: string; payload?: Record<string, unknown> };
}
const messagesOf = (res: { json(): unknown }) => (res.json() as { messages: Msg[] }).messages;

describe('the support inbox', () => {
  let server: TestServer;
  let url: string;
  let nok: StaffBrowser;
  let pim: StaffBrowser;
  let clerk: StaffBrowser;
  const sockets: Joined[] = [];
  const staffSocket = async (browser: StaffBrowser) => {
    const { ticket } = (await staffCall(server, browser, 'POST', '/inbox/ticket')).json() as { ticket: string };
    const j = await join<InboxEvent>(url, { ticket }, STAFF);
    sockets.push(j as Joined);
    return j;
  };
  const list = async (browser = nok) => (await staffCall(server, browser, 'GET', '/inbox')).json() as InboxList;
  const thread = async (room: string, browser = nok) =>
    (await staffCall(server, browser, 'GET', `/inbox/${encodeURIComponent(room)}`)).json() as InboxThread;
  const act = (browser: StaffBrowser, room: string, action: string, body: unknown = {}) =>
    staffCall(server, browser, 'POST', `/inbox/${encodeURIComponent(room)}/${action}`, body);
  /** A guest's first message, written from `page` in `lang`: its room. */
  const guestWrites = async (text: string, extra: Record<string, unknown> = {}) => {
    const guest = guestId();
    expect((await send(server, textPackage(text, { guestId: guest }, extra))).statusCode).toBe(200);
    return { guest, room: `guest:${guest}` };
  };

  beforeAll(async () => {
    server = await build({ gameSecretKey: Buffer.alloc(32, 9) });
    url = await listen(server);
    nok = (await signedIn(server, 'nok', 'agent')).browser;
    pim = (await signedIn(server, 'pim', 'agent')).browser;
    clerk = (await signedIn(server, 'clerk', 'finance')).browser;
    await operator(server, 'staff', 'name', 'nok', 'Nok');
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.disconnect();
    await server.close();
  });

  it("lists a waiting conversation with its last words, unread count and language, and a guest's pages beside it", async () => {
    const { room } = await guestWrites('ฝากเงินแล้วยังไม่เข้า', { lang: 'th', page: '/contact' });
    await send(server, textPackage('ช่วยด้วย', { guestId: room.slice(6) }, { lang: 'th', page: '/howto' }));
    const row = (await list()).conversations.find((c) => c.room === room)!;
    expect(row).toMatchObject({ kind: 'guest', memberId: null, lang: 'th', unread: 2, holder: null, waitingSince: expect.any(String) });
    expect(row.lastMessage).toMatchObject({ sender: 'customer', text: 'ช่วยด้วย' });
    const t = await thread(room);
    expect(t.context).toMatchObject({ kind: 'guest', lang: 'th', pages: ['/contact', '/howto'] });
    expect(t.messages.filter((m) => m.sender === 'customer').map((m) => m.payload)).toEqual([
      { message: 'ฝากเงินแล้วยังไม่เข้า' },
      { message: 'ช่วยด้วย' },
    ]);
    // those waiting longest come first
    const { room: later } = await guestWrites('later one');
    const rooms = (await list()).conversations.map((c) => c.room);
    expect(rooms.indexOf(room)).toBeLessThan(rooms.indexOf(later));
  });

  it("gives a member's conversation the member's money and requests beside it", async () => {
    const { phone, token } = await newMember(server, 300);
    await send(server, textPackage('where is my money?', {}), token);
    const id = (await server.ctx.database.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
    const t = await thread(`member:${id}`, clerk);
    expect(t.conversation).toMatchObject({ kind: 'member', memberId: id, who: phone });
    expect(t.context).toMatchObject({ kind: 'member', phone, wallet: 300, games: 0, openSlips: [], bonus: null });
    expect((t.context as { deposits: { what: string; amount: number }[] }).deposits[0]).toMatchObject({ what: 'OPERATOR', amount: 300 });
    // a withdrawal rejected: whoever answers "why?" sees what the member was told; finance also the clerk's
    // reason, an agent not (the audit trail is not theirs)
    const asked = await call(server.app, 'POST', '/api/wallet/withdraw', { amount: 100 }, { token });
    const { withdrawalId } = asked.json() as { withdrawalId: number };
    await operator(server, 'withdrawal', 'reject', String(withdrawalId), '--reason', 'asked twice', '--tell', 'ask-support');
    const withdrawalsFor = async (who: StaffBrowser) =>
      ((await thread(`member:${id}`, who)).context as { withdrawals: unknown[] }).withdrawals;
    expect(await withdrawalsFor(clerk)).toEqual([
      { amount: 100, status: 'FAILED', at: expect.any(String), rejectReason: 'WITHDRAW_ASK_SUPPORT', staffReason: 'asked twice' },
    ]);
    expect(await withdrawalsFor(nok)).toEqual([
      { amount: 100, status: 'FAILED', at: expect.any(String), rejectReason: 'WITHDRAW_ASK_SUPPORT', staffReason: null },
    ]);
  });

  it('lets one agent hold a conversation: another is refused unless taking it over, which the trail records', async () => {
    const { room } = await guestWrites('hello');
    expect(message(await act(nok, room, 'take'))).toBe('SUCCESS');
    expect((await list()).conversations.find((c) => c.room === room)!.holder).toMatchObject({ username: 'nok', displayName: 'Nok' });
    const refused = await act(pim, room, 'take');
    expect([refused.statusCode, message(refused)]).toEqual([409, 'CHAT_HELD']);
    // pim cannot answer or end it either: nothing is sent
    const answer = await act(pim, room, 'messages', { type: 'text', message: 'I will help' });
    expect([answer.statusCode, message(answer)]).toEqual([409, 'CHAT_HELD']);
    expect((await act(pim, room, 'end', {})).statusCode).toBe(409);
    expect(messagesOf(await history(server, { guestId: room.slice(6) })).filter((m) => m.sender === 'agent')).toEqual([]);
    expect(message(await act(pim, room, 'take', { takeOver: true }))).toBe('SUCCESS');
    const [taken] = await auditOf(server, 'chat.take-over', `chat:${room}`);
    expect(taken).toMatchObject({ actor_username: 'pim' });
    expect([json(taken!.before_json), json(taken!.after_json)]).toEqual([{ holder: 'nok' }, { holder: 'pim' }]);
    expect([(await act(nok, room, 'release')).statusCode, message(await act(pim, room, 'release'))]).toEqual([409, 'SUCCESS']);
    expect((await list()).conversations.find((c) => c.room === room)!.holder).toBeNull();
  });

  it('gives a conversation two agents take at the same moment to one of them', async () => {
    for (let round = 0; round < 5; round++) {
      const { room } = await guestWrites(`race ${round}`);
      const answers = await Promise.all([act(nok, room, 'take'), act(pim, room, 'take')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const holder = (await list()).conversations.find((c) => c.room === room)!.holder!.username;
      expect(holder).toBe(answers[0]!.statusCode === 200 ? 'nok' : 'pim');
      expect(await auditOf(server, 'chat.take', `chat:${room}`)).toHaveLength(1);
    }
    // "take next" hands the longest waiting conversation nobody holds to one agent each
    await server.ctx.database.db.updateTable('chat_rooms').set({ ended_at: server.clock.now }).execute();
    const { room: only } = await guestWrites('just one waiting');
    const next = await Promise.all([staffCall(server, nok, 'POST', '/inbox/next'), staffCall(server, pim, 'POST', '/inbox/next')]);
    expect(next.map((n) => n.statusCode).sort()).toEqual([200, 404]);
    expect(next.find((n) => n.statusCode === 200)!.json()).toEqual({ room: only });
  });

  it("answers with every kind, the agent's name shown to the customer; the customer's open chat hears it at once", async () => {
    const { guest, room } = await guestWrites('can you send me the steps?');
    const customer = await join(url, { guestId: guest });
    sockets.push(customer);
    const upload = await staffUpload(server, nok, '/inbox/upload-image', PNG, 'steps.png');
    expect(upload.statusCode).toBe(200);
    const path = (upload.json() as { path: string }).path;
    for (const answer of [
      { type: 'text', message: 'Sure, here they are.' },
      { type: 'buttons', message: 'Open the guide', buttons: [{ title: 'Guide', type: 'web', payload: 'https://wallet.example/howto' }] },
      { type: 'quick_replies', message: 'Did it work?', replies: [{ title: 'Yes', payload: 'YES' }] },
      { type: 'media', fileType: 'image', filePath: path, name: 'steps.png' },
    ])
      expect((await act(nok, room, 'messages', answer)).statusCode).toBe(200);
    const mine = messagesOf(await history(server, { guestId: guest }))
      .filter((m) => m.sender === 'agent')
      .reverse();
    expect(mine.map((m) => [m.message.message_type, m.agentName])).toEqual([
      ['text', 'Nok'],
      ['buttons', 'Nok'],
      ['quick_replies', 'Nok'],
      ['media', 'Nok'],
    ]);
    expect(mine[3]!.message.payload).toMatchObject({ fileType: 'image', filePath: path, name: 'steps.png' });
    await until(() => customer.received.filter((m) => (m as Msg).sender === 'agent').length === 4);
    // answered: taken by the one who answered, waiting no more
    expect((await list()).conversations.find((c) => c.room === room)).toMatchObject({ holder: { username: 'nok' }, waitingSince: null });
  });

  it('refuses an answer that is blank, too long, a link that is no web address, or a file not uploaded here; nothing is sent', async () => {
    const { guest, room } = await guestWrites('hi');
    for (const [answer, code] of [
      [{ type: 'text', message: '   ' }, 'CHAT_EMPTY'],
      [{ type: 'text', message: '\u200b\n\u3000' }, 'CHAT_EMPTY'],
      [{ type: 'text', message: 'x'.repeat(2001) }, 'CHAT_TOO_LONG'],
      [{ type: 'buttons', message: 'Pick one' }, 'KEY_MISSING'],
      [{ type: 'text', message: 'hi', script: '<b>' }, 'KEY_INVALID'],
      [{ type: 'buttons', message: 'Go', buttons: [{ title: 'x', type: 'web', payload: 'javascript:alert(1)' }] }, 'KEY_INVALID'],
      [{ type: 'media', fileType: 'image', filePath: '/files/chat/AAAAAAAAAAAAAAAAAAAAAAAA' }, 'CHAT_FILE_UNSUPPORTED'],
      [{ type: 'media', fileType: 'image', filePath: '/etc/passwd' }, 'KEY_INVALID'],
    ] as const) {
      const res = await act(nok, room, 'messages', answer);
      expect([res.statusCode, message(res)]).toEqual([400, code]);
    }
    expect(messagesOf(await history(server, { guestId: guest })).filter((m) => m.sender === 'agent')).toEqual([]);
    for (const bad of ['member:x', 'guest:short', 'room', 'member:1/../x'])
      expect((await staffCall(server, nok, 'GET', `/inbox/${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    expect((await staffCall(server, nok, 'GET', `/inbox/${encodeURIComponent(`guest:${guestId()}`)}`)).statusCode).toBe(404);
  });

  it('marks read both ways: the holder reading clears the unread count; the customer reading shows on the reply', async () => {
    const { guest, room } = await guestWrites('are you there?');
    await act(nok, room, 'take');
    // another agent reading leaves them for the holder
    await act(pim, room, 'read');
    expect((await list()).conversations.find((c) => c.room === room)!.unread).toBe(1);
    await act(nok, room, 'read');
    expect((await list()).conversations.find((c) => c.room === room)!.unread).toBe(0);
    await act(nok, room, 'messages', { type: 'text', message: 'Yes, I am here.' });
    const reply = () => thread(room).then((t) => t.messages.find((m) => m.sender === 'agent')!);
    expect((await reply()).readAt).toBeNull();
    const inbox = await staffSocket(pim);
    await call(server.app, 'PUT', '/api/chat/read-customer/', { userId: null, guestId: guest });
    expect((await reply()).readAt).toEqual(expect.any(String));
    await until(() => inbox.received.some((e) => e.kind === 'read' && e.room === room));
  });

  it('ends with closing words then the end marker; the conversation leaves the inbox and takes no more answers', async () => {
    const { guest, room } = await guestWrites('thank you');
    await act(nok, room, 'take');
    expect(message(await act(nok, room, 'end', { closingWords: 'Thank you for contacting us.' }))).toBe('SUCCESS');
    const [marker, closing] = messagesOf(await history(server, { guestId: guest }, undefined, { limit: 2 }));
    expect([marker!.sender, marker!.message.message_type]).toEqual(['bot', 'end']);
    expect([closing!.sender, closing!.agentName, closing!.message.payload]).toEqual([
      'agent',
      'Nok',
      { message: 'Thank you for contacting us.' },
    ]);
    expect(marker!.session_id).toBe(closing!.session_id);
    expect((await list()).conversations.some((c) => c.room === room)).toBe(false);
    expect(message(await act(nok, room, 'messages', { type: 'text', message: 'one more' }))).toBe('CHAT_ENDED');
    expect(message(await act(nok, room, 'end', {}))).toBe('CHAT_ENDED');
    const [row] = await auditOf(server, 'chat.end', `chat:${room}`);
    expect(json(row!.after_json)).toMatchObject({ closingWords: 'Thank you for contacting us.' });
    // the customer's next message opens a new conversation nobody holds
    await send(server, textPackage('me again', { guestId: guest }));
    expect((await list()).conversations.find((c) => c.room === room)).toMatchObject({ holder: null, unread: 1 });
  });

  it("knows who is online: an open console counts, the inbox hears customers' messages, and with none online the greeter says so", async () => {
    // the consoles other tests opened are closed: nobody is online
    for (const s of sockets) s.socket.disconnect();
    await until(async () => (await list()).online.length === 0);
    const inbox = await staffSocket(nok);
    expect(inbox.answer).toEqual({ message: 'SUCCESS' });
    expect((await list()).online).toEqual([{ id: expect.any(Number), username: 'nok', displayName: 'Nok' }]);
    const { guest, room } = await guestWrites('someone online?', { lang: 'en' });
    await until(() => inbox.received.some((e) => e.kind === 'message' && e.room === room && e.sender === 'customer'));
    // the customer's own message, whichever of it and the greeter's answer the socket heard first
    expect(inbox.received.find((e) => e.kind === 'message' && e.room === room && e.sender === 'customer')).toMatchObject({
      text: 'someone online?',
    });
    const greeted = messagesOf(await history(server, { guestId: guest })).filter((m) => m.sender === 'bot');
    expect(greeted.some((m) => String(m.message.payload?.message).startsWith('No agent is online'))).toBe(false);

    inbox.socket.disconnect();
    // the server hears the socket go and takes nok offline
    await until(async () => (await list()).online.length === 0);
    const { guest: alone } = await guestWrites('hello?', { lang: 'en' });
    const notice = messagesOf(await history(server, { guestId: alone }))[0]!;
    expect(notice.message.payload?.message).toMatch(/^No agent is online right now\. We answer every day, 09:00 to midnight\./);
  });

  it("admits a console's socket only on a good ticket of an open session, and ends it with the session", async () => {
    for (const ticket of [undefined, 'nope', '1.9999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'])
      expect((await join(url, { ticket }, STAFF)).answer).toEqual({ message: 'STAFF_UNAUTHORIZED' });
    const { token } = await newMember(server);
    expect((await join(url, { ticket: token }, STAFF)).answer).toEqual({ message: 'STAFF_UNAUTHORIZED' });
    // a ticket is good for a minute
    const { ticket } = (await staffCall(server, pim, 'POST', '/inbox/ticket')).json() as { ticket: string };
    server.clock.now += 61_000;
    try {
      expect((await join(url, { ticket }, STAFF)).answer).toEqual({ message: 'STAFF_UNAUTHORIZED' });
    } finally {
      server.clock.now -= 61_000;
    }
    const { browser } = await signedIn(server, 'leaver', 'agent');
    const inbox = await staffSocket(browser);
    expect(inbox.answer).toEqual({ message: 'SUCCESS' });
    await staffCall(server, browser, 'POST', '/auth/sign-out');
    expect(await server.app.chatRecheckSessions()).toBeGreaterThanOrEqual(1);
    await until(() => !inbox.socket.connected);
  });

  it("brings an agent's answer on one instance to the customer's chat and the inbox on another", async () => {
    const second = await build({}, { shareWith: server });
    try {
      const secondUrl = await listen(second);
      const { guest, room } = await guestWrites('across instances please');
      const customer = await join(secondUrl, { guestId: guest });
      sockets.push(customer);
      const inbox = await staffSocket(pim);
      await untilAdaptersListen(server, 2); // both instances' adapters hear the channel
      await act(nok, room, 'messages', { type: 'text', message: 'Answered from the first instance' });
      await until(() => customer.received.some((m) => (m as Msg).message.payload?.message === 'Answered from the first instance'));
      await until(() => inbox.received.some((e) => e.kind === 'message' && e.room === room && e.sender === 'agent'));
      // the operator's reply (another process) reaches it through the database too
      await operator(second, '--as', 'nok', 'chat', 'reply', guest, 'And from the shell');
      await until(() => customer.received.some((m) => (m as Msg).message.payload?.message === 'And from the shell'));
    } finally {
      await second.close();
    }
  });

  it('refuses to take an ended conversation, signs a reply with no name (the site says its own "Support", translated) for an agent with no display name, and frees a disabled agent\'s', async () => {
    const { room } = await guestWrites('please end me');
    await act(nok, room, 'take');
    await act(nok, room, 'end', {});
    const late = await act(pim, room, 'take');
    expect([late.statusCode, message(late)]).toEqual([409, 'CHAT_ENDED']);

    // pim has no display name: the customer never sees the login name
    const { guest, room: other } = await guestWrites('who are you?');
    await act(pim, other, 'messages', { type: 'text', message: 'I can help.' });
    const [reply] = messagesOf(await history(server, { guestId: guest })).filter((m) => m.sender === 'agent');
    expect(reply!.agentName).toBeNull();

    // a disabled agent's conversations are anyone's again
    const { browser: leaver } = await signedIn(server, 'leaving', 'agent');
    const { room: held } = await guestWrites('help from the leaver');
    await act(leaver, held, 'take');
    expect((await list()).conversations.find((c) => c.room === held)!.holder).toMatchObject({ username: 'leaving' });
    await operator(server, 'staff', 'disable', 'leaving');
    expect((await list()).conversations.find((c) => c.room === held)!.holder).toBeNull();
  });

  it('ends the waiting guest conversations it is given in one go, and leaves a member’s, a taken, an answered and an ended one', async () => {
    const flood = [];
    for (let i = 0; i < 4; i += 1) flood.push((await guestWrites(`spam ${i}`)).room);
    const taken = (await guestWrites('a real question')).room;
    expect((await act(pim, taken, 'take')).statusCode).toBe(200);
    const answered = (await guestWrites('another one')).room;
    expect((await act(nok, answered, 'take')).statusCode).toBe(200);
    expect((await act(nok, answered, 'messages', { type: 'text', message: 'Hello!' })).statusCode).toBe(200);
    expect((await act(nok, answered, 'release')).statusCode).toBe(200);
    const gone = (await guestWrites('bye')).room;
    expect((await act(nok, gone, 'end')).statusCode).toBe(200);
    const { token } = await newMember(server);
    expect((await send(server, textPackage('member here'), token)).statusCode).toBe(200);
    const memberRoom = (await list()).conversations.find((c) => c.kind === 'member' && c.lastMessage.text === 'member here')!.room;

    const rooms = [...flood, taken, answered, gone, memberRoom, 'guest:nobody-at-all'];
    const res = await staffCall(server, nok, 'POST', '/inbox/end-waiting-guests', {
      rooms,
      closingWords: 'Closed: please write again if you need us.',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { ended: 4 }]);
    const open = (await list()).conversations.map((c) => c.room);
    expect(flood.filter((room) => open.includes(room))).toEqual([]);
    expect([taken, answered, memberRoom].every((room) => open.includes(room))).toBe(true);
    // each end is its own, audited as one ended by hand; the guest read the closing words before the end
    for (const room of flood) expect((await auditOf(server, 'chat.end', `chat:${room}`)).map((a) => a.actor_username)).toEqual(['nok']);
    const words = messagesOf(await history(server, { guestId: flood[0]!.slice(6) })).map((m) => m.message.message_type);
    expect(words.slice(0, 2)).toEqual(['end', 'text']);
    // asked again: nothing left to end; bad input is a 400 and ends nothing
    expect((await staffCall(server, nok, 'POST', '/inbox/end-waiting-guests', { rooms })).json()).toEqual({ ended: 0 });
    for (const body of [{ rooms: [] }, { rooms: Array.from({ length: 201 }, (_, i) => `guest:${i}`) }, {}])
      expect((await staffCall(server, nok, 'POST', '/inbox/end-waiting-guests', body)).statusCode).toBe(400);
    // the same conversations open as before (the list's order moves with the clock: compare them as a set)
    expect((await list()).conversations.map((c) => c.room).sort()).toEqual([...open].sort());
  });

  it('shows every message from a given one on, so earlier pages loaded and the newest leave no gap', async () => {
    const { guest, room } = await guestWrites('message 0');
    for (let i = 1; i < 60; i++) {
      server.clock.now += 3_000; // 30 a minute is the limit of a conversation
      await send(server, textPackage(`message ${i}`, { guestId: guest }));
    }
    const latest = await thread(room);
    expect(latest.messages).toHaveLength(50);
    expect(latest.more).toBe(true);
    const first = latest.messages[0]!.id;
    const from = (await staffCall(server, nok, 'GET', `/inbox/${encodeURIComponent(room)}?from=${first - 3}`)).json() as InboxThread;
    expect(from.messages[0]!.id).toBe(first - 3);
    expect(from.messages.at(-1)!.id).toBe(latest.messages.at(-1)!.id);
    expect(from.more).toBe(true);
    const all = (await staffCall(server, nok, 'GET', `/inbox/${encodeURIComponent(room)}?from=1`)).json() as InboxThread;
    expect(all.messages.some((m) => (m.payload as { message?: string }).message === 'message 0')).toBe(true);
    expect(all.more).toBe(false);
    // cursors past any message id (a serial's range): the newest page, and nothing from there on; never a 500
    const page = `/inbox/${encodeURIComponent(room)}/messages?before=999999999999`;
    const past = (await staffCall(server, nok, 'GET', page)).json() as InboxThread;
    expect(past.messages.at(-1)!.id).toBe(latest.messages.at(-1)!.id);
    const after = (await staffCall(server, nok, 'GET', `/inbox/${encodeURIComponent(room)}?from=999999999999`)).json() as InboxThread;
    expect(after.messages).toEqual([]);
  });

  it("never strands a customer's message written while the conversation ends: it opens a new one, or came before the end", async () => {
    for (let round = 0; round < 8; round++) {
      const { guest, room } = await guestWrites(`round ${round}`);
      await act(nok, room, 'take');
      await Promise.all([act(nok, room, 'end', { closingWords: 'Bye' }), send(server, textPackage(`late ${round}`, { guestId: guest }))]);
      const rows = await server.ctx.database.db.selectFrom('chat_messages').selectAll().where('room', '=', room).orderBy('id').execute();
      const marker = rows.find((m) => m.message_type === 'end')!;
      const late = rows.find((m) => m.payload.includes(`late ${round}`))!;
      if (late.id > marker.id) {
        // after the end: a new conversation, open and waiting in the inbox
        expect(late.session_id).not.toBe(marker.session_id);
        expect((await list()).conversations.find((c) => c.room === room)).toMatchObject({ waitingSince: expect.any(String) });
      } else expect(late.session_id).toBe(marker.session_id);
    }
  });
});

describe("the operator's outbox", () => {
  it('keeps what it holds when telling fails, and tells it at the next drain, once', async () => {
    // a database of its own: no running instance drains it meanwhile
    const { database, remove } = await scratchDatabase();
    try {
      await migrate(database);
      const db = database.db;
      await db
        .insertInto('chat_rooms')
        .values({
          room: 'guest:outboxoutboxoutbox',
          member_id: null,
          guest_id: 'outboxoutboxoutbox',
          session_id: 's1',
          ended_at: null,
          username: 'g',
          name: 'Guest',
          last_message_at: 1,
        })
        .execute();
      const { id } = await db
        .insertInto('chat_messages')
        .values({
          room: 'guest:outboxoutboxoutbox',
          session_id: 's1',
          sender: 'agent',
          message_type: 'text',
          payload: '{"message":"Queued"}',
          client_message_id: null,
          fingerprint: null,
          created_at: 2,
          read_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('chat_outbox')
        .values({ room: 'guest:outboxoutboxoutbox', message_id: id, kind: 'message', created_at: 2 })
        .execute();
      await db
        .insertInto('chat_outbox')
        .values({ room: 'guest:outboxoutboxoutbox', message_id: null, kind: 'ended', created_at: 3 })
        .execute();
      const failing = {
        deliver: () => {
          throw new Error('socket.io fell over');
        },
        inbox: () => undefined,
      };
      await expect(drainOutbox(database, failing)).rejects.toThrow('socket.io fell over');
      expect(await db.selectFrom('chat_outbox').select('kind').orderBy('id').execute()).toEqual([{ kind: 'message' }, { kind: 'ended' }]);
      const told: string[] = [];
      const sockets = {
        deliver: (_room: string, m: { message: { payload?: unknown } }) =>
          told.push(String((m.message.payload as { message?: string }).message)),
        inbox: (e: { kind: string }) => told.push(e.kind),
      };
      expect(await drainOutbox(database, sockets)).toBe(2);
      expect(told).toEqual(['Queued', 'ended']);
      expect(await drainOutbox(database, sockets)).toBe(0);
      expect(told).toHaveLength(2);
    } finally {
      await remove();
    }
  });
});
