import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { slotFixture } from '../../../tests/wallet-fixture';
import { goInPlace } from '../../lib/display-mode';
import { loadCatalogPart } from '../../lib/i18n';
import '../../lib/member/member-errors';
import { GameCarousel } from './game-carousel';
import { SlotModal } from './slot-modal';

// leaving for the game's page in this tab, seen without leaving (jsdom navigates nowhere)
vi.mock('../../lib/display-mode', async (original) => ({ ...(await original<object>()), goInPlace: vi.fn() }));

const pg = { ...slotFixture('PG', true, 20), web: 'https://games.example/pg' };
const credentials = () => [200, { username: 'pg0812', password: 'Ab3dEf7hJk', event: null }] as [number, unknown];

/** Whether the page runs as an installed app (display-mode standalone). */
function installed(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }));
}

describe('the game account modal', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the username and the password whole, each a read-only field named by its label', async () => {
    fakeServer({
      'GET /api/wallet/account/PG': () => [200, { username: 'pgwallet0812345678', password: 'Ab3dEf7hJk9mNp2q', event: null }],
    });
    renderScreen(<SlotModal slot={pg} onClose={vi.fn()} onTransfer={vi.fn()} onBackFromGame={vi.fn()} />);
    const username = await screen.findByRole('textbox', { name: 'Username' });
    // one value on one line: a field scrolls what does not fit, it never breaks it inside (360 px)
    expect(username).toHaveValue('pgwallet0812345678');
    expect(username).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveValue('Ab3dEf7hJk9mNp2q');
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveAttribute('translate', 'no');
  });

  it('copies the username and the password, saying so', async () => {
    fakeServer({ 'GET /api/wallet/account/PG': credentials });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderScreen(<SlotModal slot={pg} onClose={vi.fn()} onTransfer={vi.fn()} onBackFromGame={vi.fn()} />);
    // each shows only "Copy" (its row says what), named after what it copies: one line each at 360 px
    expect(await screen.findByRole('button', { name: 'Copy username' })).toHaveTextContent(/^Copy$/);
    expect(screen.getByRole('button', { name: 'Copy password' })).toHaveTextContent(/^Copy$/);
    await user.click(screen.getByRole('button', { name: 'Copy username' }));
    expect(writeText).toHaveBeenLastCalledWith('pg0812');
    expect(await screen.findByRole('status')).toHaveTextContent('Copied: Username');
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenLastCalledWith('Ab3dEf7hJk');
    expect(await screen.findByText('Copied: Password')).toBeVisible();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(await screen.findByText('Failed to copy')).toBeVisible();
  });

  it('names each copy button by its visible word first, then what it copies, in every language (axe label-content-name-mismatch)', async () => {
    for (const locale of ['th', 'la', 'en'] as const) {
      await setLocale(locale);
      await loadCatalogPart('member');
      fakeServer({ 'GET /api/wallet/account/PG': credentials });
      const { unmount } = renderScreen(<SlotModal slot={pg} onClose={vi.fn()} onTransfer={vi.fn()} onBackFromGame={vi.fn()} />);
      await screen.findByDisplayValue('pg0812');
      const visible = { th: 'คัดลอก', la: 'ສຳເນົາ', en: 'Copy' }[locale];
      const copies = screen.getAllByRole('button', { name: new RegExp(`^${visible} \\S`) });
      expect(copies.map((b) => b.textContent)).toEqual([visible, visible]);
      unmount();
    }
  });

  it('asks before resetting the password, and resets only when confirmed', async () => {
    let resets = 0;
    fakeServer({
      'GET /api/wallet/account/PG': credentials,
      'GET /api/wallet/resetpassword/PG': () => (resets++, [200, { username: 'pg0812', password: 'Nw4xYz8pQr', event: null }]),
    });
    const user = userEvent.setup();
    renderScreen(<SlotModal slot={pg} onClose={vi.fn()} onTransfer={vi.fn()} onBackFromGame={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reset the game password?' });
    expect(confirm).toHaveTextContent('Your PG Soft password changes now.');
    await user.click(within(confirm).getByRole('button', { name: 'Keep the password' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(resets).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByDisplayValue('Nw4xYz8pQr')).toBeVisible();
    expect(resets).toBe(1);
  });

  it('in the installed app (no back button) opens the game in its own window and offers the way back; in a tab, goes there in place', async () => {
    fakeServer({ 'GET /api/wallet/account/PG': credentials });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.mocked(goInPlace);
    const joker = { ...pg, code: 'JOKER' };
    const user = userEvent.setup();

    installed(false);
    const tab = renderScreen(<SlotModal slot={joker} onClose={vi.fn()} onTransfer={vi.fn()} onBackFromGame={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Play on the web' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://games.example/pg'));
    expect(open).not.toHaveBeenCalled();
    tab.unmount();

    installed(true);
    const onBackFromGame = vi.fn();
    renderScreen(<SlotModal slot={joker} onClose={vi.fn()} onTransfer={vi.fn()} onBackFromGame={onBackFromGame} />);
    await user.click(await screen.findByRole('button', { name: 'Play on the web' }));
    expect(open).toHaveBeenCalledWith('https://games.example/pg', '_blank', 'noopener');
    expect(assign).toHaveBeenCalledOnce();
    expect(await screen.findByText('PG Soft is open in its own window. When you finish playing, come back to this app.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the game again' })).toHaveAttribute('href', 'https://games.example/pg');
    await user.click(screen.getByRole('button', { name: 'Back to my wallet' }));
    expect(onBackFromGame).toHaveBeenCalledOnce();
  });
});

describe('the game cards', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('are named by the words they show, so a voice command with the visible label finds them', async () => {
    renderScreen(<GameCarousel title="Slots" slots={[slotFixture('PG', true, 50), slotFixture('JOKER', false)]} onOpen={vi.fn()} />);
    const open = await screen.findByRole('button', { name: /^PG Soft: balance 50\.00/ });
    // no label of its own over the content: the name is the content, its visible words included
    expect(open).not.toHaveAttribute('aria-label');
    expect(open).toHaveAccessibleName('PG Soft: balance 50.00 PG Soft · 50.00');
    expect(screen.getByRole('button', { name: 'JOKER: open an account' })).toHaveTextContent('JOKER Open an account');
  });
});
