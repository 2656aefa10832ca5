// the contact page as its routes compose it: with the chat feature's part
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../tests/render';
import { ContactPage } from '../features/contact/contact-page';

// the chat's own part, as the routes give it, with a socket that never connects (an open chat starts one)
vi.mock('socket.io-client', () => ({
  io: vi.fn(() => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn(), connect: vi.fn(), disconnect: vi.fn(), active: false, connected: false })),
}));
const { contactChat } = await import('../features/chat/contact-chat');

const CONTACT = {
  contactText: '<p>We answer 24 hours a day.</p>',
  lineName: '@luckywallet',
  lineLink: 'https://line.me/R/ti/p/@luckywallet',
  lineQR: '/line-qr.png',
};
function server(chatOn: boolean) {
  fakeServer({
    'GET /api/lookup/contact': () => [200, CONTACT],
    'GET /api/lookup/enableChatWidget': () => [200, { enableChatWidget: chatOn }],
    'GET /api/chat/config': () => [200, { PREFIX: '' }],
    'POST /api/chat/unread': () => [200, { unread: 0 }],
  });
}

/** An IntersectionObserver the test drives: it says where the observed card is. */
let observed: ((entry: Partial<IntersectionObserverEntry>) => void) | undefined;
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observed = (entry) => this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {
    observed = undefined;
  }
}

describe('the contact page (§2)', () => {
  beforeEach(async () => {
    await setLocale('en');
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    observed = undefined;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('with the chat on, still shows the LINE link and name beside the QR, before the chat card', async () => {
    server(true);
    renderScreen(<ContactPage topSpacing={false} chat={contactChat} />);
    const start = await screen.findByRole('button', { name: 'Start a chat' });
    const line = screen.getByRole('link', { name: 'Chat on LINE: @luckywallet' });
    expect(line).toHaveAttribute('href', CONTACT.lineLink);
    const qr = screen.getByRole('img', { name: 'LINE QR code for @luckywallet' });
    // one group: the QR and the link side by side
    expect(qr.parentElement).toBe(line.parentElement);
    // the LINE card comes first: the chat card below it, never pushed over it
    expect(line.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the floating invite shows only once the page has scrolled past the Start a chat card', async () => {
    server(true);
    renderScreen(<ContactPage topSpacing={false} chat={contactChat} />);
    await screen.findByRole('button', { name: 'Start a chat' });
    // the card is watched once the chat knows who it is (the guest id is read from IndexedDB): on a busy
    // machine that comes after the card shows
    await waitFor(() => expect(observed).toBeDefined());
    const invite = () => screen.queryByText('Need help? Chat with us');
    expect(invite()).toBeNull();
    // the card below the fold: the invite would cover the LINE card above it
    act(() => observed?.({ isIntersecting: false, boundingClientRect: { bottom: 900 } as DOMRect, rootBounds: { top: 0 } as DOMRect }));
    expect(invite()).toBeNull();
    act(() => observed?.({ isIntersecting: false, boundingClientRect: { bottom: -20 } as DOMRect, rootBounds: { top: 0 } as DOMRect }));
    expect(invite()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Chat with support' })).toBeVisible();
  });

  it('an open chat speaks the language the member switches to on the page', async () => {
    server(true);
    fakeServer({
      'GET /api/lookup/contact': () => [200, CONTACT],
      'GET /api/lookup/enableChatWidget': () => [200, { enableChatWidget: true }],
      'GET /api/chat/config': () => [200, { PREFIX: '' }],
      'POST /api/chat/unread': () => [200, { unread: 0 }],
      'POST /api/chat/history': () => [200, { total: 0, messages: [] }],
    });
    renderScreen(<ContactPage topSpacing={false} languages chat={contactChat} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start a chat' }));
    expect(await screen.findByRole('dialog', { name: 'Support chat' })).toBeVisible();
    // the page's own picker, the chat staying open (it is not modal)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
    expect(await screen.findByRole('dialog', { name: 'แชทกับทีมงาน' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'แชทกับทีมงาน' })).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'ภาษา' }), 'la');
    const chat = await screen.findByRole('dialog', { name: 'ແຊັດກັບທີມງານ' });
    expect(chat.textContent).not.toMatch(/[\u0E00-\u0E7F]|Support|Send/);
  });

  it('the public page has a language picker; the member page (its header has one) does not', async () => {
    server(false);
    const publicPage = renderScreen(<ContactPage topSpacing={false} languages chat={contactChat} />);
    expect(await screen.findByRole('combobox', { name: 'Language' })).toBeVisible();
    // with the chat off, the link as before
    expect(await screen.findByRole('link', { name: 'Chat on LINE: @luckywallet' })).toBeVisible();
    publicPage.unmount();
    renderScreen(<ContactPage topSpacing chat={contactChat} />);
    await screen.findByRole('link', { name: 'Chat on LINE: @luckywallet' });
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
  });
});
