import { createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../tests/render';
import { setApiReactions } from '../../lib/api';
import { setToken } from '../../lib/auth-token';
import { Outbox } from '../../lib/outbox';
import { deleteKey, writeKey } from '../../lib/storage';
import type { Who } from './chat-api';
import { canDeliverChat, deliverChat } from './chat-outbox';
import { Conversation, type ChatSocket } from './conversation';
import type { ChatMessage } from './types';
import { until } from '../../../tests/until';

const guest: Who = { kind: 'guest', guestId: 'guest-0123456789abcdef' };

function message(n: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: `m${n}`,
    clientMessageId: null,
    sender: 'agent',
    message: { message_type: 'text', payload: { message: `hello ${n}` } },
    userId: null,
    guestId: guest.kind === 'guest' ? guest.guestId : null,
    username: '',
    name: 'Support',
    createdAt: new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString(),
    session_id: 's1',
    read: true,
    ...over,
  };
}

/** A socket.io client stand-in: records emits, answers join like the server, and lets the test push events. */
function fakeSocket(joinAnswer: { room?: string; message?: string } = { room: 'guest:x' }) {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const emitted: { event: string; data: unknown }[] = [];
  const socket = {
    emitted,
    connected: false,
    active: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    emit(event: string, data: unknown, ack?: (a: unknown) => void) {
      emitted.push({ event, data });
      if (event === 'join') ack?.(joinAnswer);
      return socket;
    },
    connect() {
      socket.connected = socket.active = true;
      handlers.get('connect')?.forEach((h) => h());
      return socket;
    },
    disconnect() {
      socket.connected = socket.active = false;
      handlers.get('disconnect')?.forEach((h) => h('io client disconnect'));
      return socket;
    },
    push(event: string, data: unknown) {
      handlers.get(event)?.forEach((h) => h(data));
    },
  };
  return socket;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}
let n = 0;
const freshOutbox = () => new Outbox('chat', { chat: deliverChat }, createStore(`chat-test-${++n}`, 'items'), canDeliverChat);
const texts = (c: Conversation) =>
  c
    .getState()
    .entries.map((e) => `${(e.message.message.payload as { message?: string }).message}${e.deliver ? ` (${e.deliver.status})` : ''}`);

beforeEach(() => deleteKey('chat:guest'));
afterEach(() => {
  setOnline(true);
  vi.useRealTimers();
});

describe('a chat conversation', () => {
  it('shows the newest page, appends what the socket brings and marks support messages read a second later', async () => {
    const history = [message(3, { read: false }), message(2), message(1)];
    const calls = fakeServer({
      'POST /api/chat/history': () => [200, { total: 12, messages: history }],
      'PUT /api/chat/read-customer/': () => [200, { read: 1 }],
    });
    const socket = fakeSocket();
    const conversation = new Conversation(guest, { socket: () => socket as unknown as ChatSocket, outbox: freshOutbox() });
    await conversation.open();
    expect(socket.emitted[0]).toEqual({ event: 'join', data: { guestId: guest.kind === 'guest' && guest.guestId } });
    expect(texts(conversation)).toEqual(['hello 1', 'hello 2', 'hello 3']);
    expect(conversation.getState()).toMatchObject({ loaded: true, connected: true, hasOlder: true });
    expect(calls.find((c) => c.url === '/api/chat/history')?.body).toEqual({
      userId: null,
      guestId: 'guest-0123456789abcdef',
      limit: 10,
    });

    socket.push('messaging', message(4));
    socket.push('messaging', message(4)); // the same message twice (history and socket) shows once
    expect(texts(conversation)).toEqual(['hello 1', 'hello 2', 'hello 3', 'hello 4']);

    conversation.setVisible(true);
    await until(() => calls.some((c) => c.url === '/api/chat/read-customer/'));
    expect(calls.find((c) => c.url === '/api/chat/read-customer/')).toMatchObject({
      method: 'PUT',
      body: { userId: null, guestId: 'guest-0123456789abcdef' },
    });
    conversation.close();
  });

  it('loads older messages by cursor: those before the oldest shown', async () => {
    const calls = fakeServer({
      'POST /api/chat/history': (body) => {
        const { before } = body as { before?: string };
        return [200, { total: 12, messages: before ? [message(9), message(8)] : [message(12), message(11), message(10)] }];
      },
    });
    const conversation = new Conversation(guest, { socket: () => fakeSocket() as unknown as ChatSocket, outbox: freshOutbox() });
    await conversation.open();
    await conversation.loadOlder();
    expect(calls.filter((c) => c.url === '/api/chat/history').map((c) => (c.body as { before?: string }).before)).toContain('m10');
    expect(texts(conversation)).toEqual(['hello 8', 'hello 9', 'hello 10', 'hello 11', 'hello 12']);
    conversation.close();
  });

  it('after a gap wider than the catch-up, drops the saved older part instead of leaving a hole', async () => {
    await writeKey('chat:guest', { owner: 'guest:guest-0123456789abcdef', messages: [message(1), message(2)], total: 2, syncedAt: 1 });
    // every page is full and none meets the saved messages: more than 100 arrived while away
    const calls = fakeServer({
      'POST /api/chat/history': (body) => {
        const { before } = body as { before?: string };
        const top = before ? Number(before.slice(1)) - 1 : 2000;
        return [200, { total: 2000, messages: Array.from({ length: 10 }, (_, i) => message(top - i)) }];
      },
    });
    const conversation = new Conversation(guest, { socket: () => fakeSocket() as unknown as ChatSocket, outbox: freshOutbox() });
    await conversation.open();
    expect(calls.filter((c) => c.url === '/api/chat/history')).toHaveLength(10);
    const shown = conversation.getState().entries.map((e) => e.message._id);
    expect(shown).not.toContain('m1');
    expect(shown).toHaveLength(100);
    expect(conversation.getState().hasOlder).toBe(true);
    conversation.close();
  });

  it('offline: shows the saved conversation and its sync time, keeps what is written as sending, and sends it in order once back', async () => {
    await writeKey('chat:guest', { owner: 'guest:guest-0123456789abcdef', messages: [message(1)], total: 1, syncedAt: 1_700_000_000_000 });
    const sent: string[] = [];
    fakeServer({
      'POST /api/chat/history': () => [200, { total: 1 + sent.length, messages: [message(1)] }],
      'POST /api/chat/send-message': (body) => {
        sent.push((body as { clientMessageId: string }).clientMessageId);
        return [200, { timestamp: Date.now() }];
      },
    });
    setOnline(false);
    const failing = fakeSocket();
    failing.connect = () => failing; // no connection
    const outbox = freshOutbox();
    const conversation = new Conversation(guest, { socket: () => failing as unknown as ChatSocket, outbox });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await conversation.open();
    expect(conversation.getState()).toMatchObject({ loaded: true, syncedAt: 1_700_000_000_000, error: 'NETWORK_ERROR' });
    expect(texts(conversation)).toEqual(['hello 1']);

    await conversation.sendText('first');
    await conversation.sendText('second');
    expect(texts(conversation)).toEqual(['hello 1', 'first (sending)', 'second (sending)']);

    vi.unstubAllGlobals();
    const calls = fakeServer({
      'POST /api/chat/history': () => [200, { total: 1, messages: [message(1)] }],
      'POST /api/chat/send-message': (body) => {
        sent.push((body as { message: { payload: { message: string } } }).message.payload.message);
        return [200, { timestamp: Date.now() }];
      },
    });
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await until(() => sent.length === 2);
    expect(sent).toEqual(['first', 'second']);
    const ids = calls.filter((c) => c.url === '/api/chat/send-message').map((c) => (c.body as { clientMessageId: string }).clientMessageId);
    expect(new Set(ids).size).toBe(2);
    await until(() => texts(conversation).join() === 'hello 1,first (succeed),second (succeed)');
    conversation.close();
  });

  it("shows the server's copy of our message in place of the outbox's, once", async () => {
    let stored: ChatMessage | undefined;
    const socket = fakeSocket();
    fakeServer({
      'POST /api/chat/history': () => [200, { total: stored ? 1 : 0, messages: stored ? [stored] : [] }],
      'POST /api/chat/send-message': (body) => {
        const b = body as { clientMessageId: string; message: ChatMessage['message'] };
        stored = message(5, { sender: 'customer', clientMessageId: b.clientMessageId, message: b.message });
        socket.push('messaging', stored);
        return [200, { timestamp: Date.now() }];
      },
    });
    const outbox = freshOutbox();
    const conversation = new Conversation(guest, { socket: () => socket as unknown as ChatSocket, outbox });
    await conversation.open();
    await conversation.sendText('can you help?');
    await until(() => outbox.list().length === 0);
    expect(texts(conversation)).toEqual(['can you help?']);
    expect(conversation.getState().entries[0]?.message._id).toBe('m5');
    conversation.close();
  });

  it('does not show a saved conversation of another sign-in or guest', async () => {
    await writeKey('chat:guest', { owner: 'guest:guest-someone-else-000', messages: [message(1)], total: 1, syncedAt: 1 });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const conversation = new Conversation(guest, { socket: () => fakeSocket() as unknown as ChatSocket, outbox: freshOutbox() });
    await conversation.open();
    expect(conversation.getState()).toMatchObject({ loaded: false, entries: [], error: 'NETWORK_ERROR' });
    conversation.close();
  });

  it("never shows or sends one member's waiting messages as another member who signs in on the same phone", async () => {
    const sent: { token?: string; text: string }[] = [];
    const server = () =>
      fakeServer({
        'POST /api/chat/history': () => [200, { total: 0, messages: [] }],
        'POST /api/chat/send-message': (body) => {
          sent.push({ text: (body as { message: { payload: { message: string } } }).message.payload.message });
          return [200, { timestamp: Date.now() }];
        },
      });
    const outbox = freshOutbox();
    setToken('tok-a', false, '0811111111');
    setOnline(false);
    const a = new Conversation({ kind: 'member', phone: '0811111111' }, { socket: () => fakeSocket() as unknown as ChatSocket, outbox });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await a.open();
    await a.sendText('from A, written offline');
    a.close();

    // A's tab closed without signing out; B signs in on the same phone and opens the chat
    vi.unstubAllGlobals();
    server();
    setToken('tok-b', false, '0822222222');
    setOnline(true);
    const b = new Conversation({ kind: 'member', phone: '0822222222' }, { socket: () => fakeSocket() as unknown as ChatSocket, outbox });
    await b.open();
    await b.sendText('from B');
    await until(() => sent.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.map((m) => m.text)).toEqual(['from B']);
    expect(texts(b).filter((t) => t.startsWith('from A'))).toEqual([]);
    b.close();

    // A signs in again: A's message goes, as A
    setToken('tok-a2', false, '0811111111');
    void outbox.kick();
    await until(() => sent.length === 2);
    expect(sent[1]?.text).toBe('from A, written offline');
  });

  it('a member joins with the token and a refused token sends them to sign in', async () => {
    sessionStorage.setItem('token', 'tok-1');
    fakeServer({ 'POST /api/chat/history': () => [200, { total: 0, messages: [] }] });
    const onInvalidToken = vi.fn();
    setApiReactions({ onGone: vi.fn(), onInvalidToken });
    const socket = fakeSocket({ message: 'invalid-token' });
    const conversation = new Conversation(
      { kind: 'member', phone: '' },
      { socket: () => socket as unknown as ChatSocket, outbox: freshOutbox() },
    );
    await conversation.open();
    expect(socket.emitted[0]).toEqual({ event: 'join', data: { token: 'tok-1' } });
    expect(conversation.getState().connected).toBe(false);
    expect(onInvalidToken).toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBeNull();
    conversation.close();
  });
});
