import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxConversation, InboxList, InboxThread } from '../../../contract/staff-inbox';
import { fakeInboxSocket, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

const conversation = (over: Partial<InboxConversation> = {}): InboxConversation => ({
  room: 'guest:aaaaaaaaaaaaaaaaaaaa',
  kind: 'guest',
  memberId: null,
  name: 'Guest',
  who: 'aaaaaaaaaaaaaaaaaaaa',
  lang: 'la',
  lastMessage: { sender: 'customer', text: 'ຝາກເງິນແລ້ວ', at: minutesAgo(12) },
  unread: 2,
  waitingSince: minutesAgo(12),
  holder: null,
  ...over,
});

const MEMBER_ROOM = 'member:7';
const list = (): InboxList => ({
  conversations: [
    conversation(),
    conversation({
      room: MEMBER_ROOM,
      kind: 'member',
      memberId: 7,
      name: 'Somchai Jaidee',
      who: '0812345678',
      lang: 'th',
      lastMessage: { sender: 'customer', text: 'ถอนเงินได้เมื่อไร', at: minutesAgo(2) },
      unread: 1,
      waitingSince: minutesAgo(2),
      holder: { id: 2, username: 'pim', displayName: 'Pim' },
    }),
    conversation({
      room: 'guest:bbbbbbbbbbbbbbbbbbbb',
      name: 'Visitor',
      lastMessage: { sender: 'agent', text: 'Anything else?', at: minutesAgo(1) },
      unread: 0,
      waitingSince: null,
    }),
  ],
  unansweredMinutes: 5,
  online: [
    { id: 1, username: 'somchai', displayName: 'Somchai' },
    { id: 2, username: 'pim', displayName: 'Pim' },
  ],
  canned: [{ title: 'Greeting', text: { th: 'สวัสดีค่ะ', la: 'ສະບາຍດີ', en: 'Hello' } }],
});

const guestThread = (over: Partial<InboxThread> = {}): InboxThread => ({
  conversation: conversation(),
  open: true,
  more: false,
  messages: [
    {
      id: 1,
      sender: 'customer',
      type: 'text',
      payload: { message: 'ຝາກເງິນແລ້ວ' },
      agentName: null,
      createdAt: minutesAgo(12),
      readAt: null,
      session: 's1',
    },
    {
      id: 2,
      sender: 'bot',
      type: 'quick_replies',
      payload: { message: 'What can we help you with?', quick_replies: [{ title: 'Deposit', payload: 'DEPOSIT' }] },
      agentName: null,
      createdAt: minutesAgo(12),
      readAt: minutesAgo(11),
      session: 's1',
    },
    {
      id: 3,
      sender: 'agent',
      type: 'media',
      payload: { fileType: 'image', filePath: '/files/chat/AAAAAAAAAAAAAAAAAAAAAAAA', name: 'steps.png' },
      agentName: 'Nok',
      createdAt: minutesAgo(10),
      readAt: null,
      session: 's1',
    },
    {
      id: 4,
      sender: 'customer',
      type: 'postback',
      payload: { message: 'Deposit', payload: 'DEPOSIT' },
      agentName: null,
      createdAt: minutesAgo(9),
      readAt: null,
      session: 's1',
    },
  ],
  context: { kind: 'guest', guestId: 'aaaaaaaaaaaaaaaaaaaa', lang: 'la', pages: ['/contact', '/howto'], firstMessageAt: minutesAgo(12) },
  ...over,
});

const memberThread = (): InboxThread => ({
  conversation: list().conversations[1]!,
  open: true,
  more: false,
  messages: [
    {
      id: 9,
      sender: 'customer',
      type: 'text',
      payload: { message: 'ถอนเงินได้เมื่อไร' },
      agentName: null,
      createdAt: minutesAgo(2),
      readAt: null,
      session: 's9',
    },
  ],
  context: {
    kind: 'member',
    id: 7,
    phone: '0812345678',
    name: 'Somchai Jaidee',
    status: 'active',
    currency: 'BAHT',
    wallet: 1250.5,
    games: 100,
    deposits: [{ what: 'SLIP', amount: 500, status: 'SUCCESS', at: minutesAgo(60) }],
    withdrawals: [
      { amount: 300, status: 'PENDING', at: minutesAgo(30), rejectReason: null, staffReason: null },
      { amount: 200, status: 'FAILED', at: minutesAgo(90), rejectReason: 'WITHDRAW_ASK_SUPPORT', staffReason: 'asked twice' },
    ],
    openSlips: [{ reference: 'SL123', status: 'REVIEW', amount: 200, at: minutesAgo(20) }],
    bonus: null,
  },
});

const GUEST_PATH = `/api/staff/inbox/${encodeURIComponent('guest:aaaaaaaaaaaaaaaaaaaa')}`;
const MEMBER_PATH = `/api/staff/inbox/${encodeURIComponent(MEMBER_ROOM)}`;

describe('the support inbox', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('closes the waiting guest conversations nobody holds in one go, after a confirmation, and says how many closed', async () => {
    const user = userEvent.setup();
    const flood = [
      conversation(),
      conversation({ room: 'guest:cccccccccccccccccccc', name: '\u202eEvil', who: 'cccccccccccccccccccc' }),
      ...list().conversations.slice(1),
    ];
    let open = flood;
    const calls = fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/inbox': () => [200, { ...list(), conversations: open }],
      'POST /api/staff/inbox/end-waiting-guests': () => {
        open = list().conversations.slice(1);
        return [200, { ended: 2 }];
      },
    });
    await renderStaff('/staff/inbox');
    // the guest's own name is isolated from the console's words around it
    const evil = await screen.findByText('\u202eEvil');
    expect(evil.tagName).toBe('BDI');
    // the member's (held) and the answered guest's are not among them
    await user.click(screen.getByRole('button', { name: 'Close waiting guest conversations (2)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Close 2 waiting guest conversations' });
    await user.type(within(dialog).getByLabelText('Closing words (optional)'), 'Please write again if you need us.');
    await user.click(within(dialog).getByRole('button', { name: 'Close them' }));
    expect(await screen.findByText('2 guest conversations closed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/staff/inbox/end-waiting-guests',
        body: { rooms: ['guest:aaaaaaaaaaaaaaaaaaaa', 'guest:cccccccccccccccccccc'], closingWords: 'Please write again if you need us.' },
      }),
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // the button left with the guests it closed: the keyboard's place is the screen's heading
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Close waiting guest conversations/ })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Inbox', level: 1 })).toHaveFocus();
  });

  it('lists the conversations waiting first, red past the setting, with unread counts and holders; the tab and the menu count them', async () => {
    fakeServer({ ...signedIn('agent'), 'GET /api/staff/inbox': () => [200, list()] });
    await renderStaff('/staff/inbox');
    const items = within(await screen.findByRole('list', { name: 'Open conversations, waiting first' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Guest Guest aaaaaaaa2 unread.*ຝາກເງິນແລ້ວ.*Waiting 12 min: late · Held by nobody$/),
      expect.stringMatching(/^Somchai Jaidee Member1 unread.*Waiting 2 min · Held by Pim$/),
      expect.stringMatching(/^Visitor Guest aaaaaaaa.*Support: Anything else\?.*Answered · Held by nobody$/),
    ]);
    expect(items[0]).toHaveClass('is-late');
    expect(items[1]).not.toHaveClass('is-late');
    expect(screen.getByText('Online: Somchai, Pim')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Inbox: 2 waiting' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(2) Staff console'));
  });

  it("shows a conversation's messages by kind with who wrote them and what the customer read, and the guest's pages", async () => {
    fakeServer({ ...signedIn('agent'), 'GET /api/staff/inbox': () => [200, list()], [`GET ${GUEST_PATH}`]: () => [200, guestThread()] });
    await renderStaff('/staff/inbox?room=guest%3Aaaaaaaaaaaaaaaaaaaaa');
    const log = await screen.findByRole('log');
    const rows = within(log)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('staff-chat-message'));
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Guest.*ຝາກເງິນແລ້ວ$/),
      expect.stringMatching(/^Greeter.*What can we help you with\?Deposit.*Read/),
      expect.stringMatching(/^Nok.*Not read yet$/),
      expect.stringMatching(/^Guest.*Tapped: Deposit DEPOSIT$/),
    ]);
    expect(within(log).getByRole('img', { name: 'steps.png' })).toHaveAttribute('src', '/files/chat/AAAAAAAAAAAAAAAAAAAAAAAA');
    const about = screen.getByRole('complementary', { name: 'About the guest' });
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['/contact', '/howto']);
    expect(about).toHaveTextContent('ລາວ');
  });

  it("puts a member's money beside their conversation, with a link to the member page", async () => {
    fakeServer({ ...signedIn('agent'), 'GET /api/staff/inbox': () => [200, list()], [`GET ${MEMBER_PATH}`]: () => [200, memberThread()] });
    await renderStaff('/staff/inbox?room=member%3A7');
    const about = await screen.findByRole('complementary', { name: 'About the member' });
    expect(within(about).getByRole('link', { name: 'Open the member page of Somchai Jaidee' })).toHaveAttribute('href', '/staff/members/7');
    expect(about).toHaveTextContent(/Wallet1,250\.50/);
    expect(about).toHaveTextContent(/SL123 · REVIEW · 200\.00/);
    expect(about).toHaveTextContent(/300\.00 · PENDING/);
    // the member sent to support about a rejected withdrawal is answered from here
    expect(about).toHaveTextContent(
      /200\.00 · FAILED · .* · Member told: Please contact support to learn why\. · Staff reason: asked twice/,
    );
  });

  it('keeps the answer box shut while another agent holds the conversation; taking over asks first', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/inbox': () => [200, list()],
      [`GET ${MEMBER_PATH}`]: () => [200, memberThread()],
      [`POST ${MEMBER_PATH}/take`]: () => [200, { message: 'SUCCESS' }],
    });
    await renderStaff('/staff/inbox?room=member%3A7');
    expect(await screen.findByText('Pim holds this conversation. Take it over to answer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByLabelText('Message')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Take over' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take over from Pim' });
    expect(dialog).toHaveTextContent(/the audit trail records it/);
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([[`${MEMBER_PATH}/take`, { takeOver: true }]]),
    );
    // the holder did not read: nothing was marked
    expect(calls.some((c) => c.url.endsWith('/read'))).toBe(false);
  });

  it("answers a conversation nobody holds: Enter sends the text, a canned reply comes in the customer's language, buttons need a web address", async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/inbox': () => [200, list()],
      [`GET ${GUEST_PATH}`]: () => [200, guestThread()],
      [`POST ${GUEST_PATH}/messages`]: () => [200, { id: 10 }],
    });
    await renderStaff('/staff/inbox?room=guest%3Aaaaaaaaaaaaaaaaaaaaa');
    const box = await screen.findByLabelText('Message');
    // choosing (as the arrow keys do) inserts nothing until Insert
    await user.selectOptions(screen.getByLabelText('Canned reply'), 'Greeting');
    expect(box).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(box).toHaveValue('ສະບາຍດີ');
    expect(box).toHaveFocus();
    await user.type(box, ' ກວດສອບໃຫ້{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    await user.selectOptions(screen.getByLabelText('Kind'), 'buttons');
    await user.type(screen.getByLabelText('Message'), 'Open the guide');
    await user.type(screen.getByLabelText('Button 1: title'), 'Guide');
    await user.type(screen.getByLabelText('Button 1: address, number or answer'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A web button opens an address starting with https:// or http://.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Button 1: address, number or answer'));
    await user.type(screen.getByLabelText('Button 1: address, number or answer'), 'https://wallet.example/howto');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { type: 'text', message: 'ສະບາຍດີ ກວດສອບໃຫ້' },
        { type: 'buttons', message: 'Open the guide', buttons: [{ title: 'Guide', type: 'web', payload: 'https://wallet.example/howto' }] },
      ]),
    );
    expect(calls.filter((c) => c.method === 'POST').every((c) => c.headers['x-csrf-token'] === 'csrf-1')).toBe(true);
  });

  it('ends with closing words after asking', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/inbox': () => [200, list()],
      [`GET ${GUEST_PATH}`]: () => [200, guestThread()],
      [`POST ${GUEST_PATH}/end`]: () => [200, { message: 'SUCCESS' }],
    });
    await renderStaff('/staff/inbox?room=guest%3Aaaaaaaaaaaaaaaaaaaaa');
    await user.click(await screen.findByRole('button', { name: 'End the conversation' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End the conversation' });
    await user.type(within(dialog).getByLabelText('Closing words (optional)'), 'Thank you!');
    await user.click(within(dialog).getByRole('button', { name: 'End the conversation' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        [`${GUEST_PATH}/end`, { closingWords: 'Thank you!' }],
      ]),
    );
  });

  it("hears a customer's message live: the list is asked again, and a desktop notification comes while the console is out of view", async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const socket = fakeInboxSocket({ connects: true });
    const calls = fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/inbox': () => [200, list()],
      'POST /api/staff/inbox/ticket': () => [200, { ticket: 't-1' }],
    });
    await renderStaff('/staff/inbox', 'en', socket);
    await waitFor(() => expect(socket.joins).toEqual([{ ticket: 't-1' }]));
    const asked = () => calls.filter((c) => c.url === '/api/staff/inbox').length;
    const before = asked();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      socket.fire({ kind: 'message', room: 'guest:cccccccccccccccccccc', sender: 'customer', text: 'Is anyone there?', name: 'Guest' });
      await waitFor(() => expect(asked()).toBeGreaterThan(before));
      expect(shown).toEqual([{ title: 'Guest', body: 'Is anyone there?' }]);
      // support's own message is no call for the agent
      socket.fire({ kind: 'message', room: 'guest:cccccccccccccccccccc', sender: 'agent', text: 'Yes', name: 'Guest' });
      expect(shown).toHaveLength(1);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });
});
