import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../tests/render';
import { loadCatalogPart } from '../../lib/i18n';
import { CHAT_CATALOG, entry, showList } from './message-list-fixtures';

const at = (day: number, hour = 9, minute = 5) => new Date(2026, 2, day, hour, minute).toISOString();
const rowOf = (el: HTMLElement) => el.closest('.chat-row');

describe('the chat conversation (§2 Chat widget: message kinds)', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 12, 0));
    await setLocale('en');
    await loadCatalogPart(CHAT_CATALOG);
  });
  afterEach(() => vi.useRealTimers());

  it('shows text as written, line breaks kept and markup not run; support on the left under Support (the name a message carries is the customer one), ours on the right', () => {
    const { container } = showList([
      entry({ name: 'Ploy', payload: { message: 'Hello\nHow can I help?' }, createdAt: at(10, 9, 5) }),
      entry({
        sender: 'customer',
        name: 'Somchai',
        payload: { message: '<b>bold</b> <img src=x onerror=alert(1)>' },
        createdAt: at(10, 9, 7),
      }),
    ]);
    const greeting = screen.getByText((_, el) => el?.textContent === 'Hello\nHow can I help?' && el.tagName === 'P');
    expect(rowOf(greeting)).toHaveClass('is-theirs');
    expect(within(rowOf(greeting) as HTMLElement).getByText('Support')).toBeVisible();
    expect(within(rowOf(greeting) as HTMLElement).getByText('09:05')).toBeVisible();
    const mine = screen.getByText('<b>bold</b> <img src=x onerror=alert(1)>');
    expect(rowOf(mine)).toHaveClass('is-mine');
    expect(within(rowOf(mine) as HTMLElement).getByText('09:07')).toBeVisible();
    expect(container.querySelector('b, img')).toBeNull();
  });

  it('buttons: a web page only for http(s), a phone number dialled as digits, a postback answered', async () => {
    const onReply = vi.fn();
    showList(
      [
        entry({
          type: 'buttons',
          payload: {
            message: 'How would you like to reach us?',
            buttons: [
              { title: 'Website', type: 'web', payload: 'https://help.example/faq' },
              { title: 'Sneaky', type: 'web', payload: 'javascript:alert(1)' },
              { title: 'Call us', type: 'call', payload: '+66 81-234 5678<script>' },
              { title: 'Talk to an agent', type: 'postback', payload: 'AGENT' },
            ],
          },
        }),
      ],
      { onReply },
    );
    expect(screen.getByText('How would you like to reach us?')).toBeVisible();
    const site = screen.getByRole('link', { name: 'Website' });
    expect(site).toHaveAttribute('href', 'https://help.example/faq');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Sneaky')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sneaky' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', 'tel:+66812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Talk to an agent' }));
    expect(onReply).toHaveBeenCalledWith('Talk to an agent', 'AGENT');
  });

  it('offers quick replies until the member answers, also under later support messages, and a tap answers with its title and payload', async () => {
    const question = entry({
      type: 'quick_replies',
      payload: {
        message: 'What do you need?',
        quick_replies: [
          { title: 'Deposit', payload: 'DEPOSIT' },
          { title: 'Withdraw', payload: 'WITHDRAW' },
        ],
      },
    });
    const onReply = vi.fn();
    // the greeter's quick replies come before its buttons and carousel: still offered
    const { update } = showList([entry(), question, entry({ payload: { message: 'Or call us' } })], { onReply });
    const replies = screen.getByRole('group', { name: 'Suggested replies' });
    await userEvent.click(within(replies).getByRole('button', { name: 'Withdraw' }));
    expect(onReply).toHaveBeenCalledWith('Withdraw', 'WITHDRAW');

    const answer = entry({ sender: 'customer', type: 'postback', payload: { message: 'Withdraw', payload: 'WITHDRAW' } });
    update({ entries: [entry(), question, answer] });
    expect(screen.getByText('What do you need?')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Suggested replies' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    // the tap shows as the member's own words
    expect(rowOf(screen.getByText('Withdraw'))).toHaveClass('is-mine');
  });

  it('shows a carousel of cards with their titles, subtitles, images and buttons, moved by previous and next', async () => {
    const onReply = vi.fn();
    const cards = [
      {
        image_url: 'https://cdn.example/a.png',
        title: 'Welcome bonus',
        subtitle: '100% up to 500',
        buttons: [{ title: 'Read more', type: 'web' as const, payload: 'https://x.example/a' }],
      },
      {
        image_url: 'javascript:alert(1)',
        title: 'Cashback',
        subtitle: '',
        buttons: [{ title: 'Claim', type: 'postback' as const, payload: 'CASHBACK' }],
      },
    ];
    const { container } = showList([entry({ type: 'generic', payload: undefined, payloads: cards })], { onReply });
    const carousel = screen.getByRole('region', { name: 'Cards' });
    const first = within(carousel).getByRole('group', { name: '1 of 2' });
    expect(within(first).getByText('Welcome bonus')).toBeVisible();
    expect(within(first).getByText('100% up to 500')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://x.example/a');
    const second = within(carousel).getByRole('group', { name: '2 of 2' });
    expect(within(second).getByText('Cashback')).toBeVisible();
    expect(container.querySelectorAll('.chat-card-image')).toHaveLength(1);

    const previous = screen.getByRole('button', { name: 'Previous card' });
    const next = screen.getByRole('button', { name: 'Next card' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    await userEvent.click(within(second).getByRole('button', { name: 'Claim' }));
    expect(onReply).toHaveBeenCalledWith('Claim', 'CASHBACK');
  });

  it('takes the cards from a live message’s payload too', () => {
    const live = [{ image_url: '', title: 'Only card', subtitle: 'Sub', buttons: [] }];
    showList([entry({ type: 'generic', payload: live })]);
    expect(screen.getByText('Only card')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next card' })).toBeNull();
  });

  it('shows media: an uploaded image from the prefix, a picked one before upload, a video and a file link', () => {
    const media = (fileType: string, filePath: string, name?: string, localUrl?: string) =>
      entry({ sender: 'customer', type: 'media', payload: { url: true, fileType, filePath, name }, localUrl });
    showList([
      media('image', '/files/chat/aaaaaaaaaaaaaaaa', 'slip.png'),
      media('image', '', undefined, 'blob:http://localhost/123'),
      media('video', '/files/chat/bbbbbbbbbbbbbbbb', 'clip.mp4'),
      media('file', '/files/chat/cccccccccccccccc', 'statement.pdf'),
    ]);
    expect(screen.getByRole('img', { name: 'slip.png' })).toHaveAttribute('src', 'https://chat.example/files/chat/aaaaaaaaaaaaaaaa');
    expect(screen.getByRole('img', { name: 'Image' })).toHaveAttribute('src', 'blob:http://localhost/123');
    const video = screen.getByLabelText('clip.mp4');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'https://chat.example/files/chat/bbbbbbbbbbbbbbbb');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(screen.getByRole('link', { name: 'statement.pdf' })).toHaveAttribute('href', 'https://chat.example/files/chat/cccccccccccccccc');
  });

  it('shows a neutral line for a kind it does not know or a payload that does not fit, and the rest still shows', () => {
    showList([
      entry({ type: 'sticker', payload: { id: 7 } }),
      entry({ type: 'text', payload: { message: 42 } }),
      entry({ type: 'buttons', payload: 'oops' }),
      entry({ type: 'media', payload: { fileType: 'exe', filePath: '/x' } }),
      entry({ type: 'generic', payload: null }),
      entry({ payload: { message: 'Still here' } }),
    ]);
    expect(screen.getAllByText('This message cannot be shown here.')).toHaveLength(5);
    expect(screen.getByText('Still here')).toBeVisible();
  });
});

describe('where the member’s messages are on their way (§3 Media delivery statuses)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart(CHAT_CATALOG);
  });

  it('shows the upload’s percent, then sending', () => {
    const mine = {
      sender: 'customer' as const,
      type: 'media',
      payload: { fileType: 'image', filePath: '', name: 'a.png' },
      localUrl: 'blob:x',
    };
    const { update } = showList([entry({ ...mine, key: 'up', deliver: { status: 'uploading_file', progress: 42.4 } })]);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '42');
    expect(screen.getByText('Uploading 42%')).toBeVisible();
    update({ entries: [entry({ ...mine, key: 'up', deliver: { status: 'sending' } })] });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Sending…')).toBeInTheDocument();
  });

  it('says why a message was not sent, and offers to try again or delete it', async () => {
    const onRetry = vi.fn();
    const onDiscard = vi.fn();
    showList(
      [
        entry({ key: 'm1', sender: 'customer', deliver: { status: 'failed', code: 'NETWORK_ERROR' } }),
        entry({ key: 'm2', sender: 'customer', deliver: { status: 'failed', code: 'SOMETHING_ODD' } }),
      ],
      { onRetry, onDiscard },
    );
    const [first, second] = screen.getAllByRole('status').filter((s) => s.textContent?.includes('Not sent'));
    expect(first).toHaveTextContent('Not sent: No connection. Check your internet and try again.');
    expect(second).toHaveTextContent('Not sent: Could not send.');
    await userEvent.click(within(first!).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith('m1');
    await userEvent.click(within(second!).getByRole('button', { name: 'Delete' }));
    expect(onDiscard).toHaveBeenCalledWith('m2');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("signs an agent's reply with the agent's name, again when another agent writes, and the greeter's as Support", () => {
    const { container } = showList([
      entry({ sender: 'bot', payload: { message: 'Welcome' }, createdAt: at(10, 9, 0) }),
      entry({ sender: 'agent', agentName: 'Nok', payload: { message: 'Hi, I am Nok' }, createdAt: at(10, 9, 1) }),
      entry({ sender: 'agent', agentName: 'Nok', payload: { message: 'Let me check' }, createdAt: at(10, 9, 2) }),
      entry({ sender: 'agent', agentName: 'Pim', payload: { message: 'Pim here, I take over' }, createdAt: at(10, 9, 3) }),
    ]);
    expect([...container.querySelectorAll('.chat-name')].map((n) => n.textContent)).toEqual(['Support', 'Nok', 'Pim']);
    expect(rowOf(screen.getByText('Let me check'))).toHaveTextContent(/^Nok/);
  });

  it('gives a person with no display name a header of their own after the greeter, signed Support', () => {
    const { container } = showList([
      entry({ sender: 'bot', payload: { message: 'Welcome' }, createdAt: at(10, 9, 0) }),
      entry({ sender: 'agent', agentName: null, payload: { message: 'A person here' }, createdAt: at(10, 9, 1) }),
      entry({ sender: 'agent', agentName: null, payload: { message: 'Still me' }, createdAt: at(10, 9, 2) }),
    ]);
    expect([...container.querySelectorAll('.chat-name')].map((n) => n.textContent)).toEqual(['Support', 'Support']);
    expect(rowOf(screen.getByText('A person here'))).toHaveTextContent(/^Support/);
  });

  it('shows no status on support’s messages', () => {
    showList([entry({ deliver: { status: 'failed' } })]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('days and sessions in the conversation (§2: date separators, End Conversation)', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 0, 30));
    await setLocale('en');
    await loadCatalogPart(CHAT_CATALOG);
  });
  afterEach(() => vi.useRealTimers());

  const conversation = () => [
    entry({ payload: { message: 'a' }, createdAt: at(8, 23, 50), session: 's1' }),
    entry({ payload: { message: 'b' }, createdAt: at(8, 23, 55), session: 's1' }),
    entry({ payload: { message: 'c' }, createdAt: at(9, 23, 59), session: 's2' }),
    entry({ payload: { message: 'd' }, createdAt: at(10, 0, 1), session: 's2' }),
    // ours, still in the outbox: its session is not known yet
    entry({ sender: 'customer', payload: { message: 'e' }, createdAt: at(10, 0, 2), session: '' }),
  ];
  const lines = () => screen.getAllByText(/^(a|b|c|d|e|Today|Yesterday|End of conversation|March 8, 2026)$/).map((el) => el.textContent);

  it('puts the day before each day’s first message (today, yesterday, else the date) and marks where a session ended', () => {
    showList(conversation());
    expect(lines()).toEqual(['March 8, 2026', 'a', 'b', 'End of conversation', 'Yesterday', 'c', 'Today', 'd', 'e']);
  });

  it("marks the end support gave the conversation once, however the next session's first message follows it", () => {
    showList([
      entry({ payload: { message: 'a' }, createdAt: at(10, 0, 1), session: 's1' }),
      entry({ sender: 'agent', payload: { message: 'b' }, createdAt: at(10, 0, 2), session: 's1' }),
      entry({ sender: 'bot', type: 'end', payload: {}, createdAt: at(10, 0, 2), session: 's1' }),
      entry({ sender: 'customer', payload: { message: 'c' }, createdAt: at(10, 0, 5), session: 's2' }),
    ]);
    expect(lines()).toEqual(['Today', 'a', 'b', 'End of conversation', 'c']);
    // the marker is no message: nothing unknown is shown for it
    expect(screen.queryByText('This message cannot be shown here.')).not.toBeInTheDocument();
  });

  it('says them in Thai', async () => {
    await setLocale('th');
    showList(conversation());
    expect(screen.getByText('วันนี้')).toBeVisible();
    expect(screen.getByText('เมื่อวาน')).toBeVisible();
    expect(screen.getByText('สิ้นสุดการสนทนา')).toBeVisible();
  });
});
