import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../../../tests/until';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
// the signed-in shell registers these sentences for every screen inside it
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import { SlipModal } from './slip-modal';
import { ToastRegion } from '../../ui/toast';
import { DepositModal } from './deposit-modal';
import { pickerTime } from './manual-panel';
import { clientWithWallet, walletFixture } from '../../../tests/wallet-fixture';

const bank = (bankCode: string, bankType: string, bankAccountNo = '') => ({
  bankCode,
  bankType,
  mode: 'AUTO',
  nameTH: bankCode,
  nameEN: bankCode === 'KBANK' ? 'Kasikornbank' : bankCode === 'WW' ? 'TrueMoney Wallet' : 'Zapman',
  bankAccountName: 'WALLET DEMO CO',
  bankAccountNo,
  currency: 'BAHT',
});
/** A member whose registered account (the one a transfer is credited from by itself) is at `bank`. */
const registeredAt = (bank: { code: string; nameTH: string; nameEN: string }, bankAccountName: string, bankAccountNo: string) =>
  walletFixture({
    bankAccount: { bank: { nameTH: bank.nameTH, nameEN: bank.nameEN }, bankCode: bank.code, bankAccountName, bankAccountNo },
  });
const lookups = {
  'GET /api/lookup/deposit': () =>
    [
      200,
      {
        banks: [bank('KBANK', 'DEPOSIT', '0481234567'), bank('KBANK', 'QRCODE'), bank('WW', 'QRCODE')],
        wallets: [{ walletAccountName: 'TrueMoney Wallet', mode: 'AUTO' }],
        isManual: false,
      },
    ] as [number, unknown],
  'GET /api/lookup/slip': () => [200, { minDeposit: 1, closeTime: '23:00' }] as [number, unknown],
  'GET /api/lookup/banks': () =>
    [200, { banks: [{ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' }] }] as [number, unknown],
};

describe('the deposit modal', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
    // noon in Bangkok, slip intake open: the closed notice (an alert of its own, from 23:00) is deposit-live's subject
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-22T05:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the account to transfer to, the rules, and one switch per way the lookup offers', async () => {
    fakeServer(lookups);
    renderScreen(<DepositModal onClose={() => undefined} />);
    expect(await screen.findByText('048-123-4567')).toBeVisible();
    expect(screen.getByText('Minimum deposit by slip: 1.00 baht.')).toBeVisible();
    expect(screen.getByText('Slip uploads close every day at 23:00.')).toBeVisible();
    const ways = within(screen.getByRole('group', { name: 'How do you deposit?' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    // no manual request: the lookup's isManual is false
    expect(ways).toEqual(['Bank slip', 'QR Kasikornbank', 'QR TrueMoney Wallet', 'Gift link']);
    // its least amount said as every amount is (it said '2 baht')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gift link' }));
    expect(await screen.findByText('The minimum gift-link deposit is 2.00 baht.')).toBeVisible();
  });

  it('names the copy button by its visible word first, then what it copies, in every language (axe label-content-name-mismatch)', async () => {
    for (const locale of ['th', 'la', 'en'] as const) {
      await setLocale(locale);
      await loadCatalogPart('member');
      fakeServer(lookups);
      const { unmount } = renderScreen(<DepositModal onClose={() => undefined} />);
      await screen.findByText('048-123-4567');
      const copy = screen.getByRole('button', { name: /0481234567$/ });
      const visible = copy.textContent ?? '';
      // the visible word, then a space: a word of its own in the name for every checker (Thai and Lao
      // run words together; axe splits names into words and looks for the visible ones among them)
      expect(copy.getAttribute('aria-label')).toMatch(new RegExp(`^${visible} \\S`));
      expect(visible).toBe({ th: 'คัดลอก', la: 'ສຳເນົາ', en: 'Copy' }[locale]);
      unmount();
    }
  });

  it("names the member's registered account to transfer from, masked, above the accounts to transfer to, and says another account is not credited by itself", async () => {
    const calls = fakeServer({
      ...lookups,
      'GET /api/lookup/banks': () => [200, { banks: [{ code: 'SCB', name: 'Siam Commercial Bank' }] }],
    });
    const wallet = registeredAt({ code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB' }, 'Somchai Jaidee', '1234567890');
    renderScreen(<DepositModal onClose={() => undefined} />, { queryClient: clientWithWallet(wallet) });
    const from = await screen.findByRole('region', { name: 'Transfer from your registered account' });
    expect(await within(from).findByText('Siam Commercial Bank')).toBeVisible();
    expect(within(from).getByText('xxx-xxx-7890')).toBeVisible();
    expect(within(from).getByText('Somchai Jaidee')).toBeVisible();
    expect(
      within(from).getByText(
        'Only a transfer from this account is credited automatically. A transfer from any other account waits for our staff to check it.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('1234567890')).toBeNull();
    // above the accounts to transfer to
    const to = screen.getByRole('heading', { name: 'Transfer to' });
    expect(from.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // the wallet the home holds: nothing more asked
    expect(calls.filter((c) => c.url.startsWith('/api/wallet'))).toEqual([]);
  });

  it("names the registered account's bank in the reader's script before the banks lookup is on the device: Thai to Thai, English to Lao", async () => {
    const wallet = registeredAt({ code: 'BCEL', nameTH: 'ธนาคารการค้าต่างประเทศลาว', nameEN: 'BCEL' }, 'Somphone', '0101234567');
    for (const [locale, shown] of [
      ['la', 'BCEL'],
      ['th', 'ธนาคารการค้าต่างประเทศลาว'],
    ] as const) {
      await setLocale(locale);
      await loadCatalogPart('member');
      fakeServer({ ...lookups, 'GET /api/lookup/banks': () => [503, { message: 'SERVICE_UNAVAILABLE' }] });
      const { unmount } = renderScreen(<DepositModal onClose={() => undefined} />, { queryClient: clientWithWallet(wallet) });
      const from = await screen.findByText('Somphone');
      expect(from.closest('section')).toHaveTextContent(shown);
      if (locale === 'la') expect(from.closest('section')).not.toHaveTextContent('ธนาคาร');
      unmount();
    }
  });

  it('QR: refuses WW below 100 before calling, shows the created code with its countdown, and drops it at 00:00', async () => {
    const expireIn = Date.now() + 3_000;
    const calls = fakeServer({
      ...lookups,
      'GET /api/qrcode/WW': () => [200, { hasQrcode: false }],
      'POST /api/qrcode/WW': () => [
        200,
        { hasQrcode: true, qrcodeId: 'QR1', qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>', payload: 'x', amount: 200, expireIn },
      ],
    });
    renderScreen(<DepositModal onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'QR TrueMoney Wallet' }));
    await user.type(await screen.findByLabelText('Amount (baht)'), '99');
    await user.click(screen.getByRole('button', { name: 'Create QR code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum for this QR code is 100.00 baht.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(within(screen.getByRole('group', { name: 'Quick amounts' })).getByRole('button', { name: '200' }));
    await user.click(screen.getByRole('button', { name: 'Create QR code' }));
    expect(await screen.findByRole('img', { name: 'QR code to pay 200.00 baht' })).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ amount: 200 });
    expect(post?.headers['Idempotency-Key']).toMatch(/^web-/);
    expect(screen.getByRole('timer')).toHaveTextContent(/^Valid for 00:0[23]$/);
    // at 00:00 the code is gone and the amount picker is back
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create QR code' })).toBeVisible());
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('QR: an open code is all the modal shows under the ways: its amount and countdown above it, save and cancel under it', async () => {
    fakeServer({
      ...lookups,
      'GET /api/qrcode/KBANK': () => [
        200,
        {
          hasQrcode: true,
          qrcodeId: 'QR1',
          qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          amount: 100,
          expireIn: Date.now() + 600_000,
        },
      ],
      'DELETE /api/qrcode/QR1': () => [200, { hasQrcode: false }],
    });
    renderScreen(<DepositModal onClose={() => undefined} />);
    expect(await screen.findByText('048-123-4567')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'QR Kasikornbank' }));
    const code = await screen.findByRole('img', { name: 'QR code to pay 100.00 baht' });
    // nothing above the code but the ways: no accounts, no slip hints
    expect(screen.queryByText('048-123-4567')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Transfer to' })).toBeNull();
    expect(screen.queryByText('Minimum deposit by slip: 1.00 baht.')).toBeNull();
    // in reading order: amount, countdown, the code, then save and cancel
    const order = [
      screen.getByText('100.00 baht'),
      screen.getByRole('timer'),
      code,
      screen.getByRole('button', { name: 'Save QR' }),
      screen.getByRole('button', { name: 'Cancel this QR code' }),
    ];
    order.slice(1).forEach((el, i) => expect(order[i]!.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Cancel this QR code' }));
    expect(await screen.findByRole('button', { name: 'Create QR code' })).toBeVisible();
  });

  it('shows the accounts to transfer to and the slip rules with a bank transfer only, under the ways, which stay put', async () => {
    fakeServer({ ...lookups, 'GET /api/qrcode/KBANK': () => [200, { hasQrcode: false }] });
    renderScreen(<DepositModal onClose={() => undefined} />);
    expect(await screen.findByText('048-123-4567')).toBeVisible();
    const ways = screen.getByRole('group', { name: 'How do you deposit?' });
    expect(
      ways.compareDocumentPosition(screen.getByRole('heading', { name: 'Transfer to' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const user = userEvent.setup();
    // paying by QR code or gift link: no account to transfer to, no slip to upload
    for (const way of ['QR Kasikornbank', 'Gift link']) {
      await user.click(within(ways).getByRole('button', { name: way }));
      await waitFor(() => expect(screen.queryByText('048-123-4567')).toBeNull());
      expect(screen.queryByText('Upload your slip within 1 hour of the transfer.')).toBeNull();
    }
    await user.click(within(ways).getByRole('button', { name: 'Bank slip' }));
    expect(await screen.findByText('048-123-4567')).toBeVisible();
    expect(screen.getByText('Upload your slip within 1 hour of the transfer.')).toBeVisible();
  });

  it('QR: KBANK below 1 is not sent and says its minimum; an amount with 3 decimals may be pressed and says why', async () => {
    const calls = fakeServer({ ...lookups, 'GET /api/qrcode/KBANK': () => [200, { hasQrcode: false }] });
    renderScreen(<DepositModal onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'QR Kasikornbank' }));
    const field = await screen.findByLabelText('Amount (baht)');
    const create = screen.getByRole('button', { name: 'Create QR code' });
    expect(create).toBeDisabled();
    // the least is said before anything is typed (the button is grey until an amount is)
    expect(field).toHaveAccessibleDescription('The minimum for this QR code is 1.00 baht.');
    await user.type(field, '0.5');
    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum for this QR code is 1.00 baht.');

    await user.clear(field);
    await user.type(field, '10.555');
    expect(create).toBeEnabled();
    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('Use at most 2 decimals, like 100.50.');
    await user.clear(field);
    await user.type(field, '0');
    expect(create).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("QR: refuses more than the provider's maximum the server answered, before calling; the server's QR_MAXIMUM is translated too", async () => {
    const calls = fakeServer({
      ...lookups,
      'GET /api/qrcode/KBANK': () => [200, { hasQrcode: false, maximum: 50_000 }],
      'POST /api/qrcode/KBANK': () => [400, { message: 'QR_MAXIMUM', hasQrcode: false }],
    });
    renderScreen(
      <>
        <ToastRegion dismissLabel="Dismiss" />
        <DepositModal onClose={() => undefined} />
      </>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'QR Kasikornbank' }));
    const field = await screen.findByLabelText('Amount (baht)');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Minimum 1.00 baht, maximum 50,000.00 baht each time.'));
    await user.type(field, '50000.01');
    await user.click(screen.getByRole('button', { name: 'Create QR code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The maximum for this QR code is 50,000.00 baht.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(field);
    await user.type(field, '50000');
    await user.click(screen.getByRole('button', { name: 'Create QR code' }));
    expect(await screen.findByText("The amount is above this QR code's maximum.")).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('QR: a refused creation says why in a red toast', async () => {
    fakeServer({
      ...lookups,
      'GET /api/qrcode/KBANK': () => [200, { hasQrcode: false }],
      'POST /api/qrcode/KBANK': () => [503, { message: 'QR_FAIL', hasQrcode: false }],
    });
    renderScreen(
      <>
        <ToastRegion dismissLabel="Dismiss" />
        <DepositModal onClose={() => undefined} />
      </>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'QR Kasikornbank' }));
    await user.type(await screen.findByLabelText('Amount (baht)'), '50');
    await user.click(screen.getByRole('button', { name: 'Create QR code' }));
    const toast = await screen.findByText('The QR code could not be created.');
    expect(toast.closest('.toast')).toHaveClass('toast-danger');
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('the slip status', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('lists each slip with its amount (a dash when unknown), its status and the reason of a failure', async () => {
    fakeServer({
      'POST /api/statement/slip': () => [
        200,
        {
          total: 4,
          slips: [
            { createdAt: '2026-11-22T05:00:00.000Z', amount: 0, status: 'PROCESSING', note: null, link: true, reference: 'SL1' },
            { createdAt: '2026-11-22T04:30:00.000Z', amount: 80, status: 'REVIEW', note: null, link: true, reference: 'SL4' },
            { createdAt: '2026-11-22T04:00:00.000Z', amount: 150.25, status: 'SUCCESS', note: null, link: true, reference: 'SL2' },
            { createdAt: '2026-11-22T03:00:00.000Z', amount: 99, status: 'FAILED', note: 'SLIP_EXPIRED', link: true, reference: 'SL3' },
          ],
        },
      ],
    });
    renderScreen(<SlipModal onClose={() => undefined} />);
    const rows = await screen.findAllByRole('row');
    const cells = rows.slice(1).map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells.map((c) => c.slice(1, 3))).toEqual([
      ['-', 'Checking'],
      ['80.00', 'In review'],
      ['150.25', 'Credited'],
      ['99.00', 'Failed · This slip is older than 1 hour. Please contact support.'],
    ]);
    expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(4);
  });
  /** Where the operator allows manual requests, up to 50,000 baht. */
  const manualLookups = {
    ...lookups,
    'GET /api/lookup/deposit': () =>
      [200, { banks: [bank('KBANK', 'DEPOSIT', '0481234567')], wallets: [], isManual: true }] as [number, unknown],
    'GET /api/lookup/slip': () => [200, { minDeposit: 100, closeTime: '23:00', manualMaximum: 50000 }] as [number, unknown],
  };
  it('sends a manual request with the transfer time the member gives, and refuses one not within the last two days before sending', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...manualLookups,
      'POST /api/wallet/add': () => [200, { message: 'SUCCESS', requestId: 9 }],
    });
    renderScreen(<DepositModal onClose={() => undefined} />);
    const opened = Date.now();
    await user.click(await screen.findByRole('button', { name: 'Request' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '500');
    const when = screen.getByLabelText('When you transferred (optional)');
    // the picker offers the two days the rule takes, to the minute, and no later than now (a phone clock's 5 minutes),
    // as of a moment between the panel's opening and now
    const offered = (bound: 'min' | 'max') => new Date(when.getAttribute(bound)!).getTime();
    const [day2, skew] = [48 * 3_600_000, 5 * 60_000];
    expect(offered('min')).toBeGreaterThan(opened - day2);
    expect(offered('min')).toBeLessThanOrEqual(Date.now() - day2 + 60_000);
    expect(offered('max')).toBeGreaterThan(opened + skew - 60_000);
    expect(offered('max')).toBeLessThanOrEqual(Date.now() + skew);
    // three days ago, typed past the picker's bounds as a keyboard can: refused here, nothing sent
    await user.type(when, pickerTime(Date.now() - 3 * 24 * 3_600_000));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The transfer time must be within the last two days, and not later than now.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(when);
    const earlier = pickerTime(Date.now() - 30 * 60_000);
    await user.type(when, earlier);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await until(() => calls.some((c) => c.method === 'POST'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { amount: 500, transferredAt: new Date(earlier).toISOString() },
    ]);
  });

  it('refuses a manual request above the maximum the slip lookup names before sending it', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...manualLookups,
    });
    renderScreen(<DepositModal onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Request' }));
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    await user.type(amount, '50000.01');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(
        'The amount is above the largest deposit request we take. Please deposit by slip or QR code, or ask support.',
      ),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
