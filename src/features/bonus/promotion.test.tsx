import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
// the signed-in shell registers these sentences for every screen inside it
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import { ToastRegion } from '../../ui/toast';
import { BonusPage } from './bonus-page';

type Answer = [number, unknown];
const NONE_ACTIVE = { status: false, type: null, code: null, amount: null, turnover: null };
const WELCOME = {
  code: 'WELCOME50',
  percentFail: 100,
  description:
    '<p>Welcome code: <strong>50 baht</strong> free credit.</p><img src="https://tracker.example/p.gif"><script>window.hacked = 1</script>',
  terms: { amount: 50, turnover: 250, refusal: null },
};
const page = (routes: Record<string, (body: unknown) => Answer> = {}) =>
  fakeServer({
    'GET /api/bonus': () => [200, { bonuses: [] }],
    'GET /api/bonus/check/active': () => [200, NONE_ACTIVE],
    'GET /api/promotion/find/WELCOME50': () => [200, WELCOME],
    ...routes,
  });
const show = () =>
  renderScreen(
    <>
      <ToastRegion dismissLabel="Dismiss" />
      <BonusPage />
    </>,
  );

describe('the promotion code (§2 Bonus page, §5)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('upper-cases the code as typed, shows Searching… then the promotion and what failing it costs', async () => {
    const calls = page();
    // the search answers only when the test lets it, so the searching state can be seen
    const answered = globalThis.fetch;
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/promotion/find/')) await held;
      return answered(url, init);
    });
    show();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Promotion code');
    await user.type(input, 'welcome50');
    expect(input).toHaveValue('WELCOME50');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const dialog = screen.getByRole('dialog', { name: 'Promotion WELCOME50' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…');
    release();
    expect(await within(dialog).findByText('If the conditions are not met, 100% of the bonus is forfeited.')).toBeVisible();
    expect(within(dialog).getByText('50 baht')).toBeVisible();
    // server HTML goes through the sanitiser: no script, no foreign image
    expect(dialog.querySelector('script, img')).toBeNull();
    // the terms before the member confirms: the 50 baht holds the whole balance until 250 is played
    const receive = within(dialog).getByRole('button', { name: 'Receive' });
    expect(receive).toBeEnabled();
    expect(receive).toHaveAccessibleDescription(
      'Before you receive it You receive 50.00 baht. It sets a turnover of 250.00 baht: you must bet that much in games before you can withdraw. Until then your whole balance is held, your own deposits included: none of it can be withdrawn.',
    );
    expect(calls.filter((c) => c.url.startsWith('/api/promotion/'))).toMatchObject([{ url: '/api/promotion/find/WELCOME50?lang=en' }]);
  });

  it('says so when no promotion has the code, and sends the code encoded', async () => {
    const calls = page({ 'GET /api/promotion/find/NO%20SUCH%2FCODE': () => [404, { message: 'NO_PROMOTION' }] });
    show();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Promotion code'), ' no such/code ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Promotion NO SUCH/CODE' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Promotion code not found.');
    expect(within(dialog).queryByRole('button', { name: 'Receive' })).toBeNull();
    expect(calls.at(-1)?.url).toBe('/api/promotion/find/NO%20SUCH%2FCODE?lang=en');
  });

  it('asks for a code before searching, and the message goes once the member types', async () => {
    const calls = page();
    show();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Promotion code');
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a promotion code.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a promotion code.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/promotion/'))).toBe(false);
    await user.type(input, 'w');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('receiving: a refusal shows in an alert titled with its message; a success says how much and refreshes the wallet', async () => {
    let refusal: Answer | null = [400, { message: 'PROMOTION_FULL' }];
    const calls = page({
      'GET /api/promotion/activate/WELCOME50': () =>
        refusal ?? [200, { message: 'SUCCESS', code: 'WELCOME50', amount: 50, turnover: { target: 250, progress: 0, remaining: 250 } }],
    });
    const { queryClient } = show();
    queryClient.setQueryData(['wallet'], { wallet: { amount: 0 } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Promotion code'), 'welcome50');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Receive' }));

    const alert = await screen.findByRole('alertdialog', { name: 'This promotion code has been used up.' });
    expect(alert).toHaveTextContent('Nothing was added to your wallet.');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    refusal = null;
    const activeChecks = calls.filter((c) => c.url === '/api/bonus/check/active').length;
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Promotion received: 50.00 baht is in your wallet.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Promotion code')).toHaveValue('');
    const receives = calls.filter((c) => c.url === '/api/promotion/activate/WELCOME50');
    expect(receives).toHaveLength(2);
    // a definite refusal ends a submission: the second try is a new one
    expect(receives[0]?.headers['Idempotency-Key']).not.toBe(receives[1]?.headers['Idempotency-Key']);
    expect(queryClient.getQueryState(['wallet'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/bonus/check/active').length).toBeGreaterThan(activeChecks));
  });
});
