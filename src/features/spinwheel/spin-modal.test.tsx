import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
// the signed-in shell registers these sentences for every screen inside it
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import type { Coupon, Setup, Slice } from './queries';
import { sliceAtPointer } from './rotation';
import { SpinModal } from './spin-modal';

type Answer = [number, unknown];
const slice = (code: string, label: string, htmlDescription = ''): Slice => ({
  code,
  label,
  bgColor: '#C62828',
  textColor: '#FFFFFF',
  htmlDescription,
});
const SLICES = [
  slice('CASH5', '5 baht'),
  slice('CASH10', '10 baht', '<p>Ten baht <strong>cash</strong> to your wallet</p>'),
  slice('TRY', 'Try again'),
  slice('CASH50', '50 baht'),
];
const setup = (userCoin: number): Setup => ({ result: { activeSpinwheel: { name: 'Lucky wheel', slice: SLICES }, userCoin } });
const coupon = (id: number, label: string, amount: number, over: Partial<Coupon> = {}): Coupon => ({
  _id: id,
  prize: { name: 'Lucky wheel', slice: slice(`C${id}`, label) },
  type: 'cash',
  amount,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  expired: false,
  claimed: false,
  ...over,
});

function server(routes: Record<string, (body: unknown) => Answer>) {
  return fakeServer({
    'GET /api/spinwheel/setup': () => [200, setup(2)],
    'GET /api/spinwheel/coupon': () => [200, { coupons: [], total: 0 }],
    ...routes,
  });
}
const show = () => renderScreen(<SpinModal onClose={vi.fn()} />);
const offline = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value: !value, configurable: true });
const reduceMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
const rotationOf = (wheel: HTMLElement) => Number(/rotate\((-?[\d.]+)deg\)/.exec(wheel.style.transform)?.[1]);

describe('the spin wheel (§2, §4 Spin wheel)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
    reduceMotion(true);
  });
  afterEach(() => {
    offline(false);
    vi.restoreAllMocks();
  });

  it('draws the slices as a named wheel with the coin count; at 0 coins Spin is off and says why', async () => {
    const calls = server({ 'GET /api/spinwheel/setup': () => [200, setup(0)] });
    show();
    const wheel = await screen.findByRole('img', { name: 'Prize wheel with: 5 baht, 10 baht, Try again, 50 baht' });
    expect(within(wheel).getByText('10 baht')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lucky wheel' })).toHaveTextContent('You have 0 coins');
    const spin = screen.getByRole('button', { name: 'Spin (1 coin)' });
    expect(spin).toBeDisabled();
    expect(spin).toHaveAccessibleDescription('You need a coin to spin. Deposits earn coins.');
    expect(calls.map((c) => c.url)).toContain('/api/spinwheel/setup?lang=en');
  });

  it("shows the coins waiting for a deposit's play apart, with what is left to bet, and spins only those held", async () => {
    const waiting = (coins: number, bet: number): Setup => ({ result: { ...setup(0).result, waitingCoin: { coins, bet } } });
    server({ 'GET /api/spinwheel/setup': () => [200, waiting(3, 1000)] });
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Lucky wheel' });
    await waitFor(() => expect(dialog).toHaveTextContent('You have 0 coins'));
    expect(dialog).toHaveTextContent(
      '3 coins are waiting for play: bet 1,000.00 baht more to receive them. A withdrawal before then cancels them.',
    );
    const spin = screen.getByRole('button', { name: 'Spin (1 coin)' });
    expect(spin).toBeDisabled();
    // why it is off is what the waiting coins need, not a deposit for another (the two contradicted each other)
    expect(spin).toHaveAccessibleDescription(
      '3 coins are waiting for play: bet 1,000.00 baht more to receive them. A withdrawal before then cancels them.',
    );
    expect(dialog).not.toHaveTextContent('Deposits earn coins');
  });

  it('turns to the slice the server drew, then the prize pop-up shows it; closing reloads the wheel', async () => {
    const calls = server({
      'POST /api/spinwheel/spin': () => [
        200,
        { success: true, error: null, result: { code: 'CASH10', label: '10 baht', remainingCoin: 1, coupon: 41 } },
      ],
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spin (1 coin)' }));
    const prize = await screen.findByRole('dialog', { name: 'Congratulations, you received a coupon' });
    expect(prize).toHaveTextContent('10 baht');
    expect(within(prize).getByText('cash')).toBeVisible(); // the operator's description, as HTML
    expect(sliceAtPointer(rotationOf(screen.getByRole('img', { name: /Prize wheel/ })), SLICES.length)).toBe(1);
    expect(screen.getByText('The wheel stopped on 10 baht: you won a coupon.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('dialog', { name: 'Lucky wheel' })).toHaveTextContent('You have 1 coin');
    const spinCall = calls.find((c) => c.method === 'POST');
    expect(spinCall?.url).toBe('/api/spinwheel/spin?lang=en');
    expect(spinCall?.headers['Idempotency-Key']).toMatch(/^web-/);

    const setups = () => calls.filter((c) => c.url.startsWith('/api/spinwheel/setup')).length;
    expect(setups()).toBe(1);
    await user.click(within(prize).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Congratulations, you received a coupon' })).toBeNull();
    await waitFor(() => expect(setups()).toBe(2));
  });

  it('a slice with no prize says try again', async () => {
    server({
      'POST /api/spinwheel/spin': () => [
        200,
        { success: true, error: null, result: { code: 'TRY', label: 'Try again', remainingCoin: 1, coupon: null } },
      ],
    });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Spin (1 coin)' }));
    const prize = await screen.findByRole('dialog', { name: 'No prize this time' });
    expect(prize).toHaveTextContent('Better luck next time: try again with another coin.');
  });

  it('with motion, spins 2 to 3 turns over 4 to 5 s with friction, and the prize waits until it stops', async () => {
    reduceMotion(false);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    server({
      'POST /api/spinwheel/spin': () => [
        200,
        { success: true, error: null, result: { code: 'CASH50', label: '50 baht', remainingCoin: 1, coupon: 42 } },
      ],
    });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Spin (1 coin)' }));
    const wheel = screen.getByRole('img', { name: /Prize wheel/ });
    await waitFor(() => expect(wheel.style.transition).toBe('transform 4500ms cubic-bezier(0.15, 0.85, 0.25, 1)'));
    expect(rotationOf(wheel)).toBeGreaterThanOrEqual(3 * 360);
    expect(sliceAtPointer(rotationOf(wheel), SLICES.length)).toBe(3);
    expect(screen.getByRole('button', { name: 'Spinning…' })).toBeDisabled();
    expect(screen.queryByRole('dialog', { name: 'Congratulations, you received a coupon' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Congratulations, you received a coupon' })).toHaveTextContent('50 baht');
  });

  it('a refusal shows in an alert with its translated reason (NO_COIN)', async () => {
    server({ 'POST /api/spinwheel/spin': () => [400, { message: 'NO_COIN', success: false, error: 'NO_COIN', result: null }] });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Spin (1 coin)' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Could not spin' });
    expect(alert).toHaveTextContent('You have no coins to spin with. Deposits earn coins.');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Spin (1 coin)' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: /Congratulations/ })).toBeNull();
  });

  it('offline: the saved wheel with when it was saved; Spin and Claim are off and say why', async () => {
    const savedAt = new Date(2026, 10, 22, 8, 30, 5).getTime();
    const calls = server({});
    offline(true);
    const { queryClient } = show();
    act(() => {
      queryClient.setQueryData(['spinwheel', 'setup', 'en'], setup(2), { updatedAt: savedAt });
      queryClient.setQueryData(['spinwheel', 'coupons', 1, 'en'], { coupons: [coupon(7, '10 baht', 10)], total: 1 });
    });
    expect(await screen.findByText('Saved 22/11/2026 08:30:05', { exact: false })).toBeVisible();
    const reason = 'You are offline: this needs the internet.';
    const spin = screen.getByRole('button', { name: 'Spin (1 coin)' });
    expect(spin).toBeDisabled();
    expect(spin).toHaveAccessibleDescription(reason);
    const claim = screen.getByRole('button', { name: 'Claim 10 baht' });
    expect(claim).toBeDisabled();
    expect(claim).toHaveAccessibleDescription(reason);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('coupons (§2: 3 a page; §4 Claim: confirm, claim, alert, reload)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('lists 3 a page with prize, amount, expiry and state, and pages on', async () => {
    const page1 = [coupon(9, '10 baht', 10), coupon(8, '5 baht', 5, { claimed: true }), coupon(7, '50 baht', 50, { expired: true })];
    const calls = server({
      'GET /api/spinwheel/coupon?page=1&lang=en': () => [200, { coupons: page1, total: 4 }],
      'GET /api/spinwheel/coupon?page=2&lang=en': () => [200, { coupons: [coupon(6, '100 baht', 100)], total: 4 }],
    });
    show();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('10 baht10.00 baht'),
      expect.stringContaining('Claimed'),
      expect.stringContaining('Expired'),
    ]);
    expect(rows[0]).toHaveTextContent('27/11/2026');
    expect(within(rows[0]!).getByRole('button', { name: 'Claim 10 baht' })).toBeEnabled();
    await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Coupon pages' })).getByRole('button', { name: '2' }));
    expect(await screen.findByRole('button', { name: 'Claim 100 baht' })).toBeVisible();
    expect(calls.map((c) => c.url)).toContain('/api/spinwheel/coupon?page=2&lang=en');
  });

  it('claims after a confirmation: prize received, the wallet and the coupons refresh', async () => {
    let claimed = false;
    const calls = server({
      'GET /api/spinwheel/coupon': () => [200, { coupons: [coupon(9, '10 baht', 10, { claimed })], total: 1 }],
      'POST /api/spinwheel/coupon/claim': () => {
        claimed = true;
        return [200, { message: 'SUCCESS', coupon: 9, type: 'cash', amount: 10 }];
      },
    });
    const { queryClient } = show();
    queryClient.setQueryData(['wallet'], { wallet: { amount: 0 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim 10 baht' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Claim this prize?' });
    expect(confirm).toHaveTextContent('10 baht: 10.00 baht goes to your wallet.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Claim prize' }));
    const done = await screen.findByRole('alertdialog', { name: 'Prize received' });
    expect(done).toHaveTextContent('10.00 baht is in your wallet.');
    const claim = calls.find((c) => c.method === 'POST');
    expect(claim?.body).toEqual({ coupon: 9 });
    expect(claim?.headers['Idempotency-Key']).toMatch(/^web-/);
    expect(queryClient.getQueryState(['wallet'])?.isInvalidated).toBe(true);
    expect(await screen.findByText('Claimed')).toBeVisible();
  });

  it('a refused claim shows the translated reason', async () => {
    server({
      'GET /api/spinwheel/coupon': () => [200, { coupons: [coupon(9, 'Bonus 50', 50, { type: 'bonus' })], total: 1 }],
      'POST /api/spinwheel/coupon/claim': () => [409, { message: 'BONUS_REMAINING' }],
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Claim Bonus 50' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Claim this prize?' });
    expect(confirm).toHaveTextContent('Its turnover must be played before you can withdraw it.');
    await user.click(within(confirm).getByRole('button', { name: 'Claim prize' }));
    expect(await screen.findByRole('alertdialog', { name: 'Could not claim the prize' })).toHaveTextContent(
      'A bonus or promotion is active: you can claim this bonus prize once it has ended.',
    );
  });
});
