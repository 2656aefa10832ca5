import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/operator/commands.js';
import { newMember } from './bonus-helpers.js';
import { setSetting } from './deposit-helpers.js';
import { agentOnline, guestId, join, listen, send, textPackage, type Joined, until, untilAdaptersListen } from './chat-helpers.js';
import { build, type TestServer } from './helper.js';

const texts = (j: Joined) => j.received.map((m) => (m as { message: { payload?: { message?: string } } }).message.payload?.message);

describe('support chat sockets', () => {
  let server: TestServer;
  let url: string;
  const sockets: Joined[] = [];
  const open = async (data: unknown) => {
    const j = await join(url, data);
    sockets.push(j);
    return j;
  };
  beforeAll(async () => {
    server = await build({ gameSecretKey: Buffer.alloc(32, 7) });
    url = await listen(server);
    // an agent has the inbox open: a new conversation is greeted without the offline notice
    await agentOnline(server);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.disconnect();
    await server.close();
  });

  it('delivers a message to its room once, however often it is sent, and to no other room', async () => {
    const guest = guestId();
    const mine = await open({ guestId: guest });
    const other = await open({ guestId: guestId() });
    expect(mine.answer).toEqual({ room: `guest:${guest}` });
    const body = textPackage('once', { guestId: guest });
    await Promise.all([send(server, body), send(server, body)]);
    await send(server, body);
    await until(() => mine.received.length >= 5); // the message and the greeter's four
    await new Promise((r) => setTimeout(r, 200));
    expect(texts(mine).filter((t) => t === 'once')).toHaveLength(1);
    expect(mine.received).toHaveLength(5);
    expect(other.received).toHaveLength(0);
  });

  it('joins a member only to their own room, and refuses a bad token or guest id', async () => {
    const a = await newMember(server);
    const b = await newMember(server);
    const bSocket = await open({ token: b.token, userId: '1' });
    expect(bSocket.answer.room).toMatch(/^member:\d+$/);
    expect((await open({ token: 'nope' })).answer).toEqual({ message: 'invalid-token' });
    expect((await open({ guestId: 'short' })).answer).toEqual({ message: 'KEY_INVALID' });
    expect((await open({})).answer).toEqual({ message: 'KEY_MISSING' });
    const aSocket = await open({ token: a.token });
    await send(server, textPackage('secret of A', {}), a.token);
    await until(() => texts(aSocket).includes('secret of A'));
    await new Promise((r) => setTimeout(r, 200));
    expect(texts(bSocket)).not.toContain('secret of A');
  });

  it('ends a member socket whose session ended (signed out), and keeps a guest socket', async () => {
    const m = await newMember(server);
    const member = await open({ token: m.token });
    const guest = await open({ guestId: guestId() });
    expect(await server.app.chatRecheckSessions()).toBe(0);
    expect(member.socket.connected).toBe(true);
    await server.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-wallet-client': 'member', authorization: `Bearer ${m.token}` },
    });
    expect(await server.app.chatRecheckSessions()).toBe(1);
    await until(() => !member.socket.connected);
    expect(guest.socket.connected).toBe(true);
  });

  it('while the site is closed, answers a join with gone and ends the open sockets', async () => {
    const guest = await open({ guestId: guestId() });
    expect(guest.answer.room).toBeDefined();
    await setSetting(server, 'siteActive', false);
    try {
      expect((await open({ guestId: guestId() })).answer).toEqual({ message: 'gone' });
      expect(await server.app.chatRecheckSessions()).toBeGreaterThanOrEqual(1);
      await until(() => !guest.socket.connected);
    } finally {
      await setSetting(server, 'siteActive', true);
    }
    expect((await open({ guestId: guestId() })).answer.room).toBeDefined();
  });

  it("brings the operator's reply, made through the database as another process would, to the open socket once", async () => {
    const { phone, token } = await newMember(server);
    const socket = await open({ token });
    await send(server, textPackage('anyone there?', {}), token);
    // the operator's process knows no address of the server: it stores the reply and its outbox row
    const config = { ...server.config, publicUrl: 'http://127.0.0.1:9' };
    const lines: string[] = [];
    await runCommand({ database: server.ctx.database, config }, ['chat', 'reply', phone, 'Yes,', 'hello'], (l) => lines.push(l));
    expect(lines.at(-1)).toMatch(/^sent text \d+ to member:\d+/);
    await until(() => texts(socket).includes('Yes, hello'));
    await runCommand({ database: server.ctx.database, config }, ['chat', 'end', phone, 'Goodbye'], () => undefined);
    await until(() => socket.received.some((m) => (m as { message: { message_type: string } }).message.message_type === 'end'));
    await new Promise((r) => setTimeout(r, 600)); // another turn of the outbox: nothing is told twice
    expect(texts(socket).filter((t) => t === 'Yes, hello')).toHaveLength(1);
    expect(await server.ctx.database.db.selectFrom('chat_outbox').selectAll().execute()).toEqual([]);
  });

  it('delivers a message sent to one instance to a socket joined on another', async () => {
    const second = await build({}, { shareWith: server });
    try {
      const secondUrl = await listen(second);
      const guest = guestId();
      const there = await open({ guestId: guest });
      const here = await join(secondUrl, { guestId: guest });
      sockets.push(here);
      await untilAdaptersListen(server, 2); // both instances' adapters hear the channel
      await send(server, textPackage('across instances', { guestId: guest }));
      await until(() => texts(here).includes('across instances'));
      await until(() => texts(there).includes('across instances'));
    } finally {
      await second.close();
    }
  });
});
