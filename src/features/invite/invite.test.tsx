import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { loadCatalogPart } from '../../lib/i18n';
import { ToastRegion } from '../../ui/toast';
import { InviteLine } from './invite-line';
import { InviteWidget } from './invite-widget';
import { walletFixture } from '../../../tests/wallet-fixture';
import type { WalletView } from '../../../contract/wallet';

const wallet = (invite: WalletView['invite']) => walletFixture({ profile: { _id: 7 }, invite });
const header = (w: WalletView, online = true) =>
  renderScreen(
    <>
      <ToastRegion dismissLabel="Dismiss" />
      {/* as the profile header shows it: only when the wallet has an invite part */}
      {w.invite && <InviteLine wallet={w} online={online} />}
    </>,
  );
const widget = (w: WalletView) =>
  renderScreen(
    <>
      <ToastRegion dismissLabel="Dismiss" />
      <InviteWidget wallet={w} />
    </>,
  );
/** A record of a deposit made at that local time. */
const record = (name: string, amount: number, day: number) => ({
  from: { name },
  amount,
  createdAt: new Date(2026, 10, day, 9, 5, 7).toISOString(),
});
const setOnline = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value, configurable: true });

describe('the invite bonus in the header (§2)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });
  afterEach(() => setOnline(true));

  it('shows the amount; the danger dialog says what the percentages mean; receiving toasts the amount and refreshes the wallet', async () => {
    const calls = fakeServer({ 'GET /api/invite/bonus': () => [200, { message: 'INVITE_BONUS_SUCCESS', amount: 30 }] });
    const { queryClient } = header(wallet({ amount: 50, success: 60, fail: 40 }));
    queryClient.setQueryData(['wallet'], wallet({ amount: 50, success: 60, fail: 40 }));
    expect((await screen.findByText('Invite bonus')).parentElement).toHaveTextContent('Invite bonus 50.00');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Receive Invite bonus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Receive invite bonus?' });
    expect(dialog).toHaveClass('modal-danger');
    expect(dialog).toHaveTextContent('Your invite bonus: 50.00 baht.');
    expect(dialog).toHaveTextContent('Ready to receive: 60% (about 30.00 baht). Your friends have played their deposits through.');
    expect(dialog).toHaveTextContent('Still waiting: 40%. It becomes yours once your friends play their deposits through');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Invite bonus received: 30.00 baht is in your wallet.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/invite/bonus')).toHaveLength(1);
    expect(calls[0]?.headers['Idempotency-Key']).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(queryClient.getQueryState(['wallet'])?.isInvalidated).toBe(true);
  });

  it('without a ready share no percentages; a refusal is a danger toast in the member’s language', async () => {
    fakeServer({ 'GET /api/invite/bonus': () => [400, { message: 'NO_INVITEE_PLAY_INFO' }] });
    header(wallet({ amount: 20, success: 0, fail: 100 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Receive Invite bonus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Receive invite bonus?' });
    expect(dialog).not.toHaveTextContent('Ready to receive');
    expect(dialog).not.toHaveTextContent('Still waiting');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    const toast = await screen.findByText(
      'Your invited friends have not played their deposits through yet. Your invite bonus waits for them.',
    );
    expect(toast.closest('.toast')).toHaveClass('toast-danger');
  });

  it('says the other refusals in Thai', async () => {
    await setLocale('th');
    await loadCatalogPart('member');
    fakeServer({ 'GET /api/invite/bonus': () => [409, { message: 'INVITE_BONUS_FAIL' }] });
    header(wallet({ amount: 20, success: 100, fail: 0 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'รับ โบนัสชวนเพื่อน' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'รับโบนัสชวนเพื่อน?' });
    await user.click(within(dialog).getByRole('button', { name: 'รับ' }));
    expect(await screen.findByText('ตอนนี้ยังตรวจสอบการเล่นของเพื่อนไม่ได้ กรุณาลองใหม่ในอีกสักครู่')).toBeVisible();
  });

  it('is off with nothing earned, saying so, and opens no dialog', async () => {
    const calls = fakeServer({});
    header(wallet({ amount: 0, success: 0, fail: 0 }));
    const receive = await screen.findByRole('button', { name: 'Receive Invite bonus' });
    expect(receive).toBeDisabled();
    expect(receive).toHaveAccessibleDescription('Nothing to receive yet.');
    expect(screen.getByText('Nothing to receive yet.')).toBeVisible();
    await userEvent.setup().click(receive);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/invite/bonus')).toHaveLength(0);
  });

  it('is off offline, and says why', async () => {
    fakeServer({});
    header(wallet({ amount: 20, success: 100, fail: 0 }), false);
    expect(await screen.findByRole('button', { name: 'Receive Invite bonus' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Receive Invite bonus' })).toHaveAccessibleDescription(
      'You are offline: this needs the internet.',
    );
  });
});

describe('the invite widget and modal (§2)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });
  afterEach(() => setOnline(true));

  it('without banners opens the invite modal: the link copies and says so, or says it failed', async () => {
    const calls = fakeServer({
      'GET /api/invite/banners': () => [200, { banners: [] }],
      'POST /api/invite': () => [200, { invites: [], total: 0 }],
    });
    widget(wallet({ amount: 0, success: 0, fail: 0 }));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Invite friends' }));
    const modal = await screen.findByRole('dialog', { name: 'Invite friends' });
    const link = `${window.location.origin}/register?code=PR7`;
    expect(within(modal).getByLabelText('Your invite link')).toHaveValue(link);
    expect(calls.map((c) => c.url)).toContain('/api/invite/banners?lang=en');
    expect(await within(modal).findByText('No invite bonus yet. Share your link with friends.')).toBeVisible();
    // jsdom has no Web Share: no Share button to press in vain
    expect(within(modal).queryByRole('button', { name: 'Share' })).toBeNull();

    await user.click(within(modal).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText(`Copied: ${link}`)).toBeVisible();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(within(modal).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Failed to copy')).toBeVisible();
  });

  it('shares the link where the browser can', async () => {
    fakeServer({ 'GET /api/invite/banners': () => [200, { banners: [] }], 'POST /api/invite': () => [200, { invites: [], total: 0 }] });
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      widget(wallet({ amount: 0, success: 0, fail: 0 }));
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Invite friends' }));
      const modal = await screen.findByRole('dialog', { name: 'Invite friends' });
      await user.click(within(modal).getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/register?code=PR7` }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('with banners shows them first (their HTML made safe); closing them opens the invite modal', async () => {
    fakeServer({
      'GET /api/invite/banners': () => [
        200,
        { banners: [{ image: '/bonus/daily.svg', html: '<p>Invite 3 friends</p><script>window.bad = 1</script>' }] },
      ],
      'POST /api/invite': () => [200, { invites: [], total: 0 }],
    });
    widget(wallet({ amount: 0, success: 0, fail: 0 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite friends' }));
    const banners = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(within(banners).getByText('Invite 3 friends')).toBeVisible();
    expect(banners.querySelector('script')).toBeNull();
    expect(within(banners).queryByLabelText('Your invite link')).toBeNull();
    await user.click(within(banners).getByRole('button', { name: 'Continue' }));
    const modal = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(await within(modal).findByLabelText('Your invite link')).toBeVisible();
    expect(within(modal).queryByText('Invite 3 friends')).toBeNull();
  });

  it('lists the records 10 a page, from page 1, and moves between pages', async () => {
    const calls = fakeServer({
      'GET /api/invite/banners': () => [200, { banners: [] }],
      'POST /api/invite': (body) => {
        const { page } = body as { page: number };
        return [200, { invites: page === 1 ? [record('Nok', 5, 22), record('Ton', 2.5, 21)] : [record('Pim', 1.25, 3)], total: 12 }];
      },
    });
    widget(wallet({ amount: 0, success: 0, fail: 0 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite friends' }));
    const modal = await screen.findByRole('dialog', { name: 'Invite friends' });
    const table = await within(modal).findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FriendAmountDate', 'Nok5.0022/11/2026 09:05:07', 'Ton2.5021/11/2026 09:05:07']);
    expect(calls.find((c) => c.url === '/api/invite')?.body).toEqual({ page: 1, limit: 10 });
    const pages = within(modal).getByRole('navigation', { name: 'Invite record pages' });
    await user.click(within(pages).getByRole('button', { name: '2' }));
    expect(await within(modal).findByText('Pim')).toBeVisible();
    expect(calls.filter((c) => c.url === '/api/invite').at(-1)?.body).toEqual({ page: 2, limit: 10 });
    expect(within(pages).getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
  });

  it('offline: no banners to fetch, the saved table with when it was saved', async () => {
    fakeServer({});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    setOnline(false);
    const { queryClient } = widget(wallet({ amount: 0, success: 0, fail: 0 }));
    const savedAt = new Date(2026, 10, 22, 8, 0, 0).getTime();
    queryClient.setQueryData(['invite', 'list', 1], { invites: [record('Nok', 5, 22)], total: 1 }, { updatedAt: savedAt });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite friends' }));
    const modal = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(await within(modal).findByText('Nok')).toBeVisible();
    expect(within(modal).getByText('Saved 22/11/2026 08:00:00')).toBeVisible();
    await waitFor(() => expect(within(modal).getByRole('status')).toHaveTextContent('Offline'));
  });
});
