import { fireEvent, screen } from '@testing-library/react';
import { clear, createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale, type FakeCall } from '../../tests/render';
import { setToken } from '../lib/auth-token';
import type { OutboxItem } from '../lib/outbox';
import type { Who } from '../features/chat/chat-api';
import type { ChatPayload } from '../features/chat/chat-outbox';
import { until } from '../../tests/until';

/** The chat outbox's own database (outboxDatabase('chat')), as an earlier page load left it. */
// delivering goes over HTTP: the open chat's socket.io client is never loaded for it
const socketIo = vi.hoisted(() => ({ loaded: false }));
vi.mock('socket.io-client', () => {
  socketIo.loaded = true;
  return { io: vi.fn() };
});

// the shell's live member events have a socket of their own (src/lib/member/member-events.test.ts): not the chat's
vi.mock('../lib/member/member-events', () => ({ startMemberEvents: () => () => undefined }));

const chatStore = createStore('wallet-chat', 'items');
const ALICE = '0812345678';
const BOB = '0899999999';

/** A message written offline on an earlier page load: waiting in IndexedDB, nothing in memory. */
async function queued(id: string, who: Who, text: string, createdAt: number): Promise<void> {
  const payload: ChatPayload = { who, message: { message_type: 'text', payload: { message: text } } };
  const item: OutboxItem<ChatPayload> = { id, kind: 'chat', payload, createdAt, state: 'waiting', attempts: 0 };
  await set(id, item, chatStore);
}

/** The server as the chat's config and delivery routes answer; a sent message is stored under its client id. */
function server() {
  return fakeServer({
    'GET /api/lookup/info': () => [200, { name: 'Wallet' }],
    'GET /api/lookup/contact': () => [200, { contactText: '<p>Hello</p>', lineName: 'wallet', lineLink: '', lineQR: '' }],
    'GET /api/lookup/enableChatWidget': () => [200, { enableChatWidget: true }],
    'GET /api/chat/config': () => [200, { PREFIX: '' }],
    'POST /api/chat/unread': () => [200, { unread: 0 }],
    'POST /api/chat/send-message': () => [200, { timestamp: 1 }],
  });
}
const sent = (calls: FakeCall[]) =>
  calls.filter((c) => c.url === '/api/chat/send-message').map((c) => (c.body as { clientMessageId: string }).clientMessageId);

describe('chat messages written before a reload', () => {
  beforeEach(async () => {
    await setLocale('en');
    await clear(chatStore);
    // a new page load: fresh module state, so the chat outbox has not started and holds nothing in memory
    vi.resetModules();
  });

  it('are sent once the signed-in shell starts, without the chat being opened', async () => {
    await queued('c-alice-1', { kind: 'member', phone: ALICE }, 'my deposit is missing', 1);
    setToken('alice-token', true, ALICE);
    const calls = server();
    const { UserShell } = await import('./-user-shell');
    renderScreen(<UserShell />);

    await until(() => sent(calls).includes('c-alice-1'));
    const call = calls.find((c) => c.url === '/api/chat/send-message')!;
    expect(call.headers.Authorization).toBe('Bearer alice-token');
    expect(call.body).toMatchObject({ sender: 'customer', guestId: null, message: { payload: { message: 'my deposit is missing' } } });
    await until(() => screen.queryAllByRole('link').length > 0);
    expect(screen.queryByText('Opening the chat…')).toBeNull();
    expect(sent(calls)).toEqual(['c-alice-1']);
    expect(socketIo.loaded).toBe(false);
  });

  it("wait while another member is signed in; a guest's go", async () => {
    await queued('c-alice-1', { kind: 'member', phone: ALICE }, 'from alice', 1);
    await queued('c-guest-1', { kind: 'guest', guestId: 'guest-1' }, 'from a guest', 2);
    setToken('bob-token', true, BOB);
    const calls = server();
    const { UserShell } = await import('./-user-shell');
    renderScreen(<UserShell />);

    // in order: Alice's is passed over (not Bob's to send), the guest's goes without a token
    await until(() => sent(calls).includes('c-guest-1'));
    expect(sent(calls)).toEqual(['c-guest-1']);
    expect(calls.find((c) => c.url === '/api/chat/send-message')!.headers.Authorization).toBeUndefined();
    expect((await get<OutboxItem>('c-alice-1', chatStore))?.state).toBe('waiting');
  });

  it('are sent from the contact page for a guest, the chat closed', async () => {
    await queued('c-guest-2', { kind: 'guest', guestId: 'guest-2' }, 'hello from a guest', 1);
    const calls = server();
    const { ContactPage } = await import('../features/contact/contact-page');
    const { contactChat } = await import('../features/chat/contact-chat');
    renderScreen(<ContactPage topSpacing={false} chat={contactChat} />);

    await until(() => sent(calls).includes('c-guest-2'));
    expect(calls.find((c) => c.url === '/api/chat/send-message')!.body).toMatchObject({ guestId: 'guest-2', userId: null });
    expect(await screen.findByRole('button', { name: 'Start a chat' })).toBeEnabled();
    expect(screen.queryByText('Opening the chat…')).toBeNull();
    expect(socketIo.loaded).toBe(false);
  });
});

describe('what another member left waiting on this device', () => {
  const slipStore = createStore('wallet-outbox', 'items');
  beforeEach(async () => {
    await setLocale('en');
    await clear(chatStore);
    await clear(slipStore);
    vi.resetModules();
  });

  it("is never sent under this member's session: they are told whose it is and may discard it", async () => {
    const slip: OutboxItem = {
      id: 's-alice-1',
      kind: 'slip',
      payload: { file: new Blob(['x'], { type: 'image/jpeg' }), name: 'alice.jpg' },
      createdAt: 1,
      state: 'waiting',
      attempts: 0,
      owner: ALICE,
    };
    await set(slip.id, slip, slipStore);
    await queued('c-alice-1', { kind: 'member', phone: ALICE }, 'from alice', 2);
    setToken('bob-token', true, BOB);
    const calls = server();
    const { UserShell } = await import('./-user-shell');
    renderScreen(<UserShell />);

    expect(
      await screen.findByText(
        'Waiting on this device for the account ending 5678: 1 slip and 1 chat message. They are sent when that account signs in here again.',
      ),
    ).toBeVisible();
    expect(calls.filter((c) => c.url === '/api/wallet/slip' || c.url === '/api/chat/send-message')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await until(() => screen.queryByText(/Waiting on this device/) === null);
    expect(await get('s-alice-1', slipStore)).toBeUndefined();
    expect(await get('c-alice-1', chatStore)).toBeUndefined();
  });
});
