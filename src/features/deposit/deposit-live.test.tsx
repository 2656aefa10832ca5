import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale, testQueryClient } from '../../../tests/render';
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import { applyMemberEvent } from '../../lib/member/live-cache';
import { DepositModal } from './deposit-modal';
import { depositQuery } from './queries';

const account = (bankAccountNo: string) => ({
  bankCode: 'KBANK',
  bankType: 'DEPOSIT',
  name: 'Kasikornbank',
  mode: 'AUTO',
  nameTH: 'KBANK',
  nameEN: 'Kasikornbank',
  bankAccountName: 'WALLET DEMO CO',
  bankAccountNo,
  currency: 'BAHT',
});
const qr = { ...account(''), bankType: 'QRCODE' };
const depositLookup = (accountNo: string) => ({ banks: [account(accountNo), qr], wallets: [], isManual: false });
const lookups = (accountNo: string, closeTime = '00:00') => ({
  'GET /api/lookup/deposit': () => [200, depositLookup(accountNo)] as [number, unknown],
  'GET /api/lookup/slip': () => [200, { minDeposit: 1, closeTime }] as [number, unknown],
  'GET /api/lookup/banks': () => [200, { banks: [{ code: 'KBANK', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }] }] as [number, unknown],
});

/**
 * The phone loses its connection (navigator.onLine and the window's event, as the app hears it); `back` brings it
 * back and lets the queries catch up, as the app does when it is online again.
 */
function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
  return {
    back: async (queryClient: QueryClient) => {
      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await act(async () => {
        await queryClient.invalidateQueries({ queryKey: ['qrcode'] });
      });
    },
  };
}

describe('the deposit modal, kept true while it is open', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockRestore();
  });

  it('turns an open QR code into "paid" when the gateway paid it: no code, amount or countdown left to pay', async () => {
    const code = { hasQrcode: true, qrcodeId: 'QR1', qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>', payload: 'x', amount: 100 };
    fakeServer({ ...lookups('0481234567'), 'GET /api/qrcode/KBANK': () => [200, { ...code, expireIn: Date.now() + 600_000 }] });
    const { queryClient } = renderScreen(<DepositModal onClose={() => undefined} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'QR Kasikornbank' }));
    expect(await screen.findByRole('img', { name: 'QR code to pay 100.00 baht' })).toBeVisible();
    act(() => applyMemberEvent(queryClient, { kind: 'qr', qrcodeId: 'QR1', provider: 'KBANK', status: 'PAID', amount: 100 }));
    expect(await screen.findByText('Paid: 100.00 baht credited to your wallet.')).toBeVisible();
    expect(screen.queryByRole('img', { name: /QR code to pay/ })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have transferred' })).toBeNull();
  });

  it('says a QR code was paid when the phone comes back online, though the payment was told while it was offline', async () => {
    const code = { hasQrcode: true, qrcodeId: 'QR7', qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>', payload: 'x', amount: 150 };
    let open = true;
    const calls = fakeServer({
      ...lookups('0481234567'),
      'GET /api/qrcode/KBANK': () => [200, open ? { ...code, expireIn: Date.now() + 600_000 } : { hasQrcode: false, maximum: 50_000 }],
      'GET /api/qrcode/code/QR7': () => [200, { status: open ? 'OPEN' : 'PAID', amount: 150 }],
      // the notice of the payment, the oldest the member has not seen (a withdrawal paid since is newer)
      'GET /api/push/notices': () => [
        200,
        {
          notices: [
            { id: 42, createdAt: '2026-12-01T12:01:00Z', event: { kind: 'withdraw', status: 'SUCCESS' } },
            {
              id: 41,
              createdAt: '2026-12-01T12:00:00Z',
              event: { kind: 'qr', qrcodeId: 'QR7', provider: 'KBANK', status: 'PAID', amount: 150 },
            },
          ],
        },
      ],
      'POST /api/push/notices/seen': () => [200, { message: 'SUCCESS' }],
    });
    const { queryClient } = renderScreen(<DepositModal onClose={() => undefined} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'QR Kasikornbank' }));
    expect(await screen.findByRole('img', { name: 'QR code to pay 150.00 baht' })).toBeVisible();

    // offline: the member pays from the banking app on another phone; the live event never arrives
    const offline = goOffline();
    open = false;
    // back online: the app catches up (the code is no longer open) and asks what became of the one it showed
    await offline.back(queryClient);
    expect(await screen.findByText('Paid: 150.00 baht credited to your wallet.')).toBeVisible();
    // the focus where the member can act on it, inside the sheet (not left on the page behind it)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus());
    expect(calls.filter((c) => c.url === '/api/qrcode/code/QR7')).toHaveLength(1);
    // told here: "while you were away" does not tell it again (up to it only: the withdrawal's notice still waits)
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/push/notices/seen').map((c) => c.body)).toEqual([{ upTo: 41 }]));
  });

  it('says a QR code was paid when the phone comes back online, though its countdown ran out while offline', async () => {
    // the clock the countdown reads: moved past the code's end while the phone is offline
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const code = { hasQrcode: true, qrcodeId: 'QR8', qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>', payload: 'x', amount: 160 };
      let paid = false;
      const expireIn = Date.now() + 600_000;
      fakeServer({
        ...lookups('0481234567'),
        'GET /api/qrcode/KBANK': () => [200, paid ? { hasQrcode: false, maximum: 50_000 } : { ...code, expireIn }],
        'GET /api/qrcode/code/QR8': () => [200, { status: paid ? 'PAID' : 'OPEN', amount: 160 }],
      });
      const { queryClient } = renderScreen(<DepositModal onClose={() => undefined} />);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'QR Kasikornbank' }));
      expect(await screen.findByRole('img', { name: 'QR code to pay 160.00 baht' })).toBeVisible();

      const offline = goOffline();
      paid = true;
      vi.setSystemTime(expireIn + 1_000);
      // 00:00: the code is dropped and the amount picker comes back (§4), nothing said of a payment yet
      expect(await screen.findByRole('button', { name: 'Create QR code' })).toBeVisible();
      expect(screen.queryByText(/^Paid:/)).toBeNull();

      await offline.back(queryClient);
      expect(await screen.findByText('Paid: 160.00 baht credited to your wallet.')).toBeVisible();
      // the focus where the member can act on it, inside the sheet (not left on the page behind it)
      await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus());
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the accounts again on opening and marks an account that changed since the last visit', async () => {
    const queryClient = testQueryClient();
    // the copy saved on the last visit
    queryClient.setQueryData(depositQuery().queryKey, depositLookup('0481234567'), { updatedAt: Date.now() - 60_000 });
    fakeServer(lookups('0999999999'));
    renderScreen(<DepositModal onClose={() => undefined} />, { queryClient });
    expect(await screen.findByText('099-999-9999')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The account changed since your last visit. Transfer only to the account shown here.',
    );
    expect(within(screen.getByText('099-999-9999').closest('li')!).getByText('Changed')).toBeVisible();
    expect(screen.queryByText('048-123-4567')).toBeNull();
  });

  it('says the account changed even when the modal opens before the saved copy is restored', async () => {
    // the last visit showed 048-123-4567; this opening comes before the query cache is back from IndexedDB
    localStorage.setItem('deposit-accounts-seen', JSON.stringify(['KBANK-0481234567']));
    fakeServer(lookups('0999999999'));
    renderScreen(<DepositModal onClose={() => undefined} />);
    expect(await screen.findByText('099-999-9999')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The account changed since your last visit.');
    // what was shown is what the next opening compares with
    expect(JSON.parse(localStorage.getItem('deposit-accounts-seen')!)).toEqual(['KBANK-0999999999']);
  });

  it('offline, shows the saved accounts with the time they were saved', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queryClient = testQueryClient();
    queryClient.setQueryData(depositQuery().queryKey, depositLookup('0481234567'), {
      updatedAt: new Date('2026-11-20T03:04:05Z').getTime(),
    });
    fakeServer({});
    renderScreen(<DepositModal onClose={() => undefined} />, { queryClient });
    expect(await screen.findByText('048-123-4567')).toBeVisible();
    expect(screen.getByText(/^Saved 20\/11\/2026 \d\d:04:05\. You are offline/)).toBeVisible();
  });

  it('offline with no saved accounts, says so, and still says so once the asking failed', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queryClient = testQueryClient();
    fakeServer({
      ...lookups('0481234567'),
      'GET /api/lookup/deposit': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderScreen(<DepositModal onClose={() => undefined} />, { queryClient });
    expect(await screen.findByText('Not saved on this device yet.')).toBeVisible();
    // the failed answer is no news to a member who is offline (it said 'No connection' in its place: a walk)
    await waitFor(() => expect(queryClient.getQueryState(depositQuery().queryKey)?.status).toBe('error'));
    // the query tells the screen in a task of its own: drawn after it, the line stays, no reason in its place
    await act(() => new Promise<void>((resolve) => setTimeout(resolve)));
    expect(screen.getByText('Not saved on this device yet.')).toBeVisible();
    expect(screen.queryByText(/connection/i)).toBeNull();
  });

  it('while slip intake is closed, says so before any account, and offers no upload', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T16:30:00Z')); // 23:30 in Bangkok
    fakeServer(lookups('0481234567', '23:00'));
    renderScreen(<DepositModal onClose={() => undefined} />);
    const notice = await screen.findByText('Slip uploads are closed now, until midnight (closing time 23:00).');
    const accountNo = await screen.findByText('048-123-4567');
    expect(notice.compareDocumentPosition(accountNo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose or photograph your slip' })).toBeNull();
  });
});
