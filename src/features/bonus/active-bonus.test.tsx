import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
// the signed-in shell registers these sentences for every screen inside it
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import { ToastRegion } from '../../ui/toast';
import { BonusPage } from './bonus-page';
import type { ActiveBonus, Bonus } from './queries';

type Answer = [number, unknown];
const PROMOTION_ACTIVE: ActiveBonus = {
  status: true,
  type: 'promotion',
  code: 'WELCOME50',
  amount: 50,
  percentFail: 40,
  turnover: { target: 250, progress: 100, remaining: 150 },
};
const NOTHING_ACTIVE: ActiveBonus = { status: false, type: null, code: null, amount: null, percentFail: null, turnover: null };
const CURRENT = {
  promotion: {
    code: 'WELCOME50',
    description: '<p>Welcome code</p>',
    percentFail: 40,
    amount: 50,
    receivedAt: '2026-11-22T10:00:00.000Z',
    turnover: PROMOTION_ACTIVE.turnover,
  },
};
const FIRST_DEPOSIT: Bonus = {
  code: 'FIRST100',
  name: 'First deposit bonus 100%',
  type: 'limit',
  maxReceived: 1,
  percentFail: 20,
  banners: [],
  html: '<p>Double your first deposit.</p>',
  notice: 'Cancel early and {percentFail}% is taken back.',
  minDeposit: 100,
  turnoverMultiple: 3,
  terms: { amount: 100, turnover: 600, refusal: null },
  exhausted: false,
  userBonus: null,
};
const page = (routes: Record<string, (body: unknown) => Answer>) =>
  fakeServer({
    'GET /api/bonus': () => [200, { bonuses: [FIRST_DEPOSIT] }],
    'GET /api/promotion/current': () => [200, CURRENT],
    'GET /api/bonus/check/minimum': () => [200, { minimum: 100, balance: 42.5 }],
    ...routes,
  });
const show = () =>
  renderScreen(
    <>
      <ToastRegion dismissLabel="Dismiss" />
      <BonusPage />
    </>,
  );
const offline = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value: !value, configurable: true });

describe('the active bonus (§2) and cancelling it (§7 bonus/clear)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });
  afterEach(() => offline(false));

  it('names an active promotion by its code and shows how much of the turnover is done', async () => {
    page({ 'GET /api/bonus/check/active': () => [200, PROMOTION_ACTIVE] });
    show();
    const panel = await screen.findByRole('region', { name: 'Your active bonus' });
    expect(panel).toHaveTextContent('Active: promotion WELCOME50');
    const bar = within(panel).getByRole('progressbar', { name: 'Turnover: 100.00 of 250.00 baht' });
    expect(bar).toHaveAttribute('value', '100');
    expect(bar).toHaveAttribute('max', '250');
    expect(panel).toHaveTextContent('Play 150.00 baht more to free the bonus money.');
    // one active at a time: no code to search while it lasts
    expect(screen.queryByLabelText('Promotion code')).toBeNull();
  });

  it('the cancel dialog says the minimum, the balance now and what is taken back; a refusal shows in a danger alert', async () => {
    const calls = page({
      'GET /api/bonus/check/active': () => [200, PROMOTION_ACTIVE],
      // the balance rose between the check and the confirmation: the server's own cause
      'GET /api/bonus/clear': () => [400, { message: 'BONUS_CLEAR_BALANCE' }],
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel bonus?' });
    expect(
      await within(dialog).findByText('You can cancel when your wallet and game balances together are below 100.00 baht (now 42.50 baht).'),
    ).toBeVisible();
    expect(dialog).toHaveTextContent('Cancelling takes back 40% of the bonus, 20.00 baht (at most what is in your wallet).');
    expect(calls.filter((c) => c.url === '/api/bonus/check/minimum')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel bonus' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Could not cancel the bonus' });
    expect(alert).toHaveTextContent(
      'The bonus can be cancelled only when your wallet and game balances together are below the cancel minimum.',
    );
    expect(screen.queryByRole('alertdialog', { name: 'Cancel bonus?' })).toBeNull();
  });

  it('a cancel that cannot succeed is off, saying why, and opens no confirmation', async () => {
    const calls = page({
      'GET /api/bonus/check/active': () => [200, PROMOTION_ACTIVE],
      'GET /api/bonus/check/minimum': () => [200, { minimum: 5, balance: 1190 }],
    });
    show();
    const reason = 'You can cancel when your wallet and game balances together are below 5.00 baht (now 1,190.00 baht).';
    expect(await screen.findByText(reason)).toBeVisible();
    const cancel = screen.getByRole('button', { name: 'Cancel bonus' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(reason);
    await userEvent.setup().click(cancel);
    expect(screen.queryByRole('alertdialog', { name: 'Cancel bonus?' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/bonus/clear')).toBe(false);
  });

  it('states before receiving what the bonus gives, the turnover it sets and that the whole balance is held', async () => {
    page({ 'GET /api/bonus/check/active': () => [200, NOTHING_ACTIVE] });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'First deposit bonus 100%' }));
    const modal = screen.getByRole('dialog', { name: 'First deposit bonus 100%' });
    const terms = [
      'You receive 100.00 baht.',
      'It sets a turnover of 600.00 baht: you must bet that much in games before you can withdraw.',
      'Until then your whole balance is held, your own deposits included: none of it can be withdrawn.',
    ];
    for (const line of terms) expect(within(modal).getByText(line)).toBeVisible();
    const receive = within(modal).getByRole('button', { name: 'Receive bonus' });
    expect(receive).toBeEnabled();
    expect(receive).toHaveAccessibleDescription(`Before you receive it ${terms.join(' ')}`);
  });

  it('a bonus the server would refuse is off before the member tries, with its own cause', async () => {
    const second: Bonus = { ...FIRST_DEPOSIT, terms: { amount: 0, turnover: 0, refusal: 'BONUS_FIRST_DEPOSIT_ONLY' } };
    page({
      'GET /api/bonus': () => [200, { bonuses: [second] }],
      'GET /api/bonus/check/active': () => [200, NOTHING_ACTIVE],
    });
    show();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'First deposit bonus 100%' }));
    const receive = within(screen.getByRole('dialog', { name: 'First deposit bonus 100%' })).getByRole('button', { name: 'Receive bonus' });
    expect(receive).toBeDisabled();
    expect(receive).toHaveAccessibleDescription('This bonus is given only on your first deposit ever.');
  });

  it('a cancelled bonus says what was taken back, and the wallet and the page refresh', async () => {
    let active: ActiveBonus = { ...PROMOTION_ACTIVE, type: 'limit', code: 'FIRST100', amount: 100, percentFail: 20 };
    page({
      'GET /api/bonus/check/active': () => [200, active],
      'GET /api/bonus/clear': () => {
        active = { status: false, type: null, code: null, amount: null, percentFail: null, turnover: null };
        return [200, { message: 'BONUS_CLEAR', forfeited: 20 }];
      },
    });
    const { queryClient } = show();
    queryClient.setQueryData(['wallet'], { wallet: { amount: 0 } });
    const user = userEvent.setup();
    expect(await screen.findByText('Active: One-time bonus')).toBeVisible();
    expect(screen.getByText('First deposit bonus 100%', { selector: '.bonus-active p' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel bonus' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel bonus?' });
    // percentFail of the bonus in the list
    expect(dialog).toHaveTextContent('Cancelling takes back 20% of the bonus, 20.00 baht (at most what is in your wallet).');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bonus' }));
    expect(await screen.findByText('The bonus is cancelled. 20.00 baht was taken back.')).toBeVisible();
    expect(await screen.findByLabelText('Promotion code')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your active bonus' })).toBeNull();
    expect(queryClient.getQueryState(['wallet'])?.isInvalidated).toBe(true);
  });

  it('offline: the saved list with when it was saved; search, receive and cancel are off and say why', async () => {
    const savedAt = new Date(2026, 10, 22, 8, 30, 5).getTime();
    page({});
    offline(true);
    const { queryClient } = show();
    act(() => {
      queryClient.setQueryData(['bonus', 'list', 'en'], { bonuses: [FIRST_DEPOSIT] }, { updatedAt: savedAt });
      queryClient.setQueryData(['bonus', 'active'], { status: false, type: null, code: null, amount: null, turnover: null });
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Saved 22/11/2026 08:30:05', { exact: false })).toBeVisible();
    const reason = 'You are offline: this needs the internet.';
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toBeDisabled();
    expect(search).toHaveAccessibleDescription(reason);

    await user.click(screen.getByRole('button', { name: 'First deposit bonus 100%' }));
    const modal = screen.getByRole('dialog', { name: 'First deposit bonus 100%' });
    const receive = within(modal).getByRole('button', { name: 'Receive bonus' });
    expect(receive).toBeDisabled();
    expect(receive).toHaveAccessibleDescription(reason);
    expect(within(modal).getByText(reason)).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));

    act(() => queryClient.setQueryData(['bonus', 'active'], PROMOTION_ACTIVE));
    const cancel = await screen.findByRole('button', { name: 'Cancel bonus' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(reason);
  });

  it('disables a card the server counts as received up to its limit, and holds receiving while another bonus is active', async () => {
    const daily: Bonus = { ...FIRST_DEPOSIT, code: 'DAILY', name: 'Daily bonus', type: 'day', exhausted: true };
    page({
      'GET /api/bonus': () => [200, { bonuses: [FIRST_DEPOSIT, daily] }],
      'GET /api/bonus/check/active': () => [200, PROMOTION_ACTIVE],
    });
    show();
    const used = await screen.findByRole('button', { name: /Daily bonus/ });
    expect(used).toBeDisabled();
    expect(used).toHaveTextContent('Received');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'First deposit bonus 100%' }));
    const modal = await screen.findByRole('dialog', { name: 'First deposit bonus 100%' });
    const receive = within(modal).getByRole('button', { name: 'Receive bonus' });
    expect(receive).toBeDisabled();
    expect(receive).toHaveAccessibleDescription('Another bonus is active. Play its turnover or cancel it before receiving this one.');
  });

  it('says so when it cannot tell whether a bonus is active, instead of leaving the place empty', async () => {
    page({ 'GET /api/bonus/check/active': () => [503, { message: 'INTERNAL_SERVER_ERROR' }] });
    show();
    expect(
      await screen.findByText('We could not check whether a bonus is active, so promotion codes cannot be searched just now.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Promotion code')).toBeNull();
  });
});
