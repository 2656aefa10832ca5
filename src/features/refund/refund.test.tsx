import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { loadCatalogPart } from '../../lib/i18n';
import { ToastRegion } from '../../ui/toast';
import { RefundWidget } from './refund-widget';
import type { RefundCheck } from './queries';

const CHECK: RefundCheck = {
  result: true,
  bonus: false,
  info: '<p>Cashback every day</p><img src="https://tracker.example/p.gif">',
  refundAmount: 35,
  waiting: 25,
  balance: 10,
  refundSuccess: 5,
  refundFail: 2,
};
const show = (onClosed = vi.fn()) => {
  const result = renderScreen(
    <>
      <ToastRegion dismissLabel="Dismiss" />
      <RefundWidget onClosed={onClosed} />
    </>,
  );
  return { ...result, onClosed };
};
const log = (amount: number, day: number) => ({ refundAmount: amount, createdAt: new Date(2026, 10, day, 0, 1, 2).toISOString() });
const server = (check: () => RefundCheck, more: Record<string, (body: unknown) => [number, unknown]> = {}) =>
  fakeServer({
    'GET /api/refund/check': () => [200, check()],
    'GET /api/refund/banners': () => [200, { banners: [] }],
    'POST /api/refund': () => [200, { refunds: [log(25, 21)], total: 1 }],
    ...more,
  });
async function openModal() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cashback refund' }));
  return { user, modal: await screen.findByRole('dialog', { name: 'Cashback refund' }) };
}

describe('the refund widget and modal (§2)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('is not there when the check says there is no refund', async () => {
    const calls = server(() => ({ ...CHECK, result: false }));
    show();
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/refund/check?lang=en'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Cashback refund' })).toBeNull();
  });

  it('shows the conditions, the refund and its percentages; receiving is off while a bonus is active, and says why', async () => {
    const calls = server(() => ({ ...CHECK, bonus: true }));
    show();
    const { modal } = await openModal();
    expect(await within(modal).findByText('Cashback every day')).toBeVisible();
    expect(modal.querySelector('img[src^="https://tracker"]')).toBeNull();
    expect(within(modal).getByText('35.00 baht')).toBeVisible();
    expect(modal).toHaveTextContent('Waiting to receive: 25.00 baht · In your refund balance: 10.00 baht');
    expect(modal).toHaveTextContent("We refund 5% of a period's net loss, or 2% for a period in which you held a bonus or promotion.");
    const receive = within(modal).getByRole('button', { name: 'Receive refund' });
    expect(receive).toBeDisabled();
    expect(receive).toHaveAccessibleDescription('A bonus or promotion is active. You can receive your refund once it ends.');
    expect(calls.map((c) => c.url)).not.toContain('/api/refund/receive');
    // the logs, 10 a page from page 1
    expect(await within(modal).findByText('21/11/2026 00:01:02')).toBeVisible();
    expect(calls.find((c) => c.url === '/api/refund')?.body).toEqual({ page: 1, limit: 10 });
  });

  it('receives with a key and says so; a refusal is a translated danger toast', async () => {
    let answer: [number, unknown] = [400, { message: 'REFUND_MINIMUM' }];
    const calls = server(() => CHECK, { 'GET /api/refund/receive': () => answer });
    show();
    const { user, modal } = await openModal();
    const receive = await within(modal).findByRole('button', { name: 'Receive refund' });
    await user.click(receive);
    const refused = await screen.findByText('Your refunds do not yet reach the minimum to receive. They keep adding up.');
    expect(refused.closest('.toast')).toHaveClass('toast-danger');
    answer = [200, { message: 'REFUND_SUCCESS', amount: 25 }];
    await user.click(receive);
    expect(await screen.findByText('Refund received: 25.00 baht is in your refund balance.')).toBeVisible();
    const keys = calls.filter((c) => c.url === '/api/refund/receive').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]); // a refusal ends the submission: the next press is a new one
  });

  it('moves the refund balance to the wallet only after a confirmation; closing then refreshes the wallet', async () => {
    let check = CHECK;
    const calls = server(() => check, {
      'GET /api/refund/addWallet': () => {
        check = { ...CHECK, result: false, refundAmount: 0, waiting: 0, balance: 0 };
        return [200, { message: 'SUCCESS', amount: 10 }];
      },
    });
    const { onClosed } = show();
    const { user, modal } = await openModal();
    await user.click(await within(modal).findByRole('button', { name: 'Move to wallet' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Move refund to wallet?' });
    expect(confirm).toHaveTextContent('10.00 baht will move from your refund balance into your wallet.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.map((c) => c.url)).not.toContain('/api/refund/addWallet');

    await user.click(within(modal).getByRole('button', { name: 'Move to wallet' }));
    confirm = screen.getByRole('alertdialog', { name: 'Move refund to wallet?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move to wallet' }));
    expect(await screen.findByText('10.00 baht of refund moved into your wallet.')).toBeVisible();
    expect(calls.find((c) => c.url === '/api/refund/addWallet')?.headers['Idempotency-Key']).toMatch(/^web-/);
    // nothing left: the widget goes, but the modal stays until the member closes it
    await waitFor(() => expect(within(modal).getByRole('button', { name: 'Move to wallet' })).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Cashback refund' })).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledWith(true);
  });

  it('closing without a change does not ask for a wallet refresh', async () => {
    server(() => CHECK);
    const { onClosed } = show();
    const { user, modal } = await openModal();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledWith(false);
  });

  it('shows the refund banners first when there are some', async () => {
    server(() => CHECK, { 'GET /api/refund/banners': () => [200, { banners: [{ image: '/bonus/daily.svg', html: '<p>5% back</p>' }] }] });
    show();
    const { user, modal } = await openModal();
    expect(within(modal).getByText('5% back')).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Continue' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Cashback refund' })).findByRole('button', { name: 'Receive refund' }),
    ).toBeEnabled();
  });
});
