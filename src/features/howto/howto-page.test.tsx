import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { loadCatalogPart } from '../../lib/i18n';
import { howtoCatalog } from './catalog';
import { HowtoPage } from './howto-page';

const videos = [
  ['wallet', 'Getting started with your wallet'],
  ['playing', 'How to play a game'],
  ['balance', 'How to check your balance'],
  ['bonus', 'How to get a bonus'],
  ['end-bonus', 'How to end a bonus'],
].map(([id, title]) => ({ id: id!, title: title!, video: `/howto/${id}.mp4`, poster: `/howto/${id}.webp` }));

/** The service worker's cache as the page sees it: which videos it holds whole. */
function savedVideos(...ids: string[]) {
  const match = vi.fn(async (url: string) => (ids.some((id) => url.endsWith(`/howto/${id}.mp4`)) ? new Response('mp4') : undefined));
  vi.stubGlobal('caches', { match });
  return match;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('the how-to page', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart(howtoCatalog);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });
  afterEach(() => {
    setOnline(true);
    vi.restoreAllMocks();
  });

  it('has the language picker of the other public pages, and speaks the language chosen there', async () => {
    fakeServer({
      'GET /api/lookup/howto': () => [200, { videos }],
      'GET /api/lookup/howto?lang=en': () => [200, { videos }],
      'GET /api/lookup/howto?lang=la': () => [200, { videos: [{ ...videos[0]!, title: 'ເລີ່ມໃຊ້ກະເປົາເງິນ' }] }],
    });
    vi.stubGlobal('caches', { match: vi.fn(async () => undefined) });
    renderScreen(<HowtoPage />);
    const picker = await screen.findByRole('combobox', { name: 'Language' });
    await userEvent.setup().selectOptions(picker, 'la');
    expect(await screen.findByRole('heading', { level: 1, name: 'ວິທີນຳໃຊ້' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /ເລີ່ມໃຊ້ກະເປົາເງິນ/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'ພາສາ' })).toHaveValue('la');
  });

  it('deletes saved videos the operator no longer lists', async () => {
    fakeServer({ 'GET /api/lookup/howto': () => [200, { videos }] });
    const listed = new Request(`${location.origin}/howto/wallet.mp4`);
    const dropped = new Request(`${location.origin}/howto/old-video.mp4`);
    const cache = { keys: vi.fn(async () => [listed, dropped]), delete: vi.fn(async () => true) };
    vi.stubGlobal('caches', { match: vi.fn(async () => undefined), open: vi.fn(async () => cache) });
    renderScreen(<HowtoPage />);
    await waitFor(() => expect(cache.delete).toHaveBeenCalledWith(dropped));
    expect(cache.delete).toHaveBeenCalledTimes(1);
  });

  it('lists the five videos in the member’s language and marks those saved for offline use', async () => {
    const calls = fakeServer({ 'GET /api/lookup/howto': () => [200, { videos }] });
    const match = savedVideos('balance');
    renderScreen(<HowtoPage />);
    expect(await screen.findByRole('heading', { name: 'How to use' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const entries = within(list).getAllByRole('button');
    // the play mark is decoration (aria-hidden); the offline mark arrives once the cache has answered
    await waitFor(() =>
      expect(entries.map((b) => b.textContent?.replace('▶', ''))).toEqual([
        'Getting started with your wallet',
        'How to play a game',
        'How to check your balanceAvailable offline',
        'How to get a bonus',
        'How to end a bonus',
      ]),
    );
    expect(calls[0]?.url).toBe('/api/lookup/howto?lang=en');
    expect(match).toHaveBeenCalledWith(`${location.origin}/howto/balance.mp4`, { cacheName: 'howto-media' });
  });

  it('plays a video in a modal player that keeps focus, and stops it on close', async () => {
    fakeServer({ 'GET /api/lookup/howto': () => [200, { videos }] });
    savedVideos();
    const user = userEvent.setup();
    renderScreen(<HowtoPage />);
    const entry = await screen.findByRole('button', { name: 'How to play a game' });
    await user.click(entry);

    const dialog = screen.getByRole('dialog', { name: 'How to play a game' });
    const player = within(dialog).getByLabelText('How to play a game');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', '/howto/playing.mp4');
    expect(player).toHaveAttribute('poster', '/howto/playing.webp');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('playsinline');
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(player).toHaveFocus();
    // Tab stays inside the dialog: the close button, then the player again
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(player).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(player).not.toHaveAttribute('src');
    expect(entry).toHaveFocus();
  });

  it('offline, says a video that is not saved cannot play instead of failing silently', async () => {
    fakeServer({ 'GET /api/lookup/howto': () => [200, { videos }] });
    savedVideos();
    renderScreen(<HowtoPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'How to end a bonus' }));
    setOnline(false);
    fireEvent.error(within(screen.getByRole('dialog')).getByLabelText('How to end a bonus'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline and this video is not saved on this device.');
  });

  it('offline with no saved list, says so instead of loading forever', async () => {
    setOnline(false);
    fakeServer({});
    savedVideos();
    renderScreen(<HowtoPage />);
    expect(await screen.findByText(/You are offline and this page has not been saved on this device yet/)).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the operator lists no videos', async () => {
    fakeServer({ 'GET /api/lookup/howto': () => [200, { videos: [] }] });
    savedVideos();
    renderScreen(<HowtoPage />);
    expect(await screen.findByText('There are no videos yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
  });
});
