import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../../tests/render';
import type { UnmatchedPayment } from '../../../contract/staff-payments';
import { fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const payment = (gatewayTxnId: string, over: Partial<UnmatchedPayment> = {}): UnmatchedPayment => ({
  gatewayTxnId,
  provider: 'KBANK',
  ref: 'QRNOSUCHCODE0000',
  amount: 250.75,
  currency: 'BAHT',
  codeMemberPhone: null,
  reason: 'UNKNOWN_CODE',
  receivedAt: '2026-11-20T08:30:00.000Z',
  hold: null,
  ...over,
});

async function open(rows: UnmatchedPayment[], more: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const calls = fakeServer({ ...signedIn('finance'), 'GET /api/staff/payments/unmatched': () => [200, { rows }], ...more });
  await renderStaff('/staff/payments');
  expect(await screen.findByRole('heading', { name: 'Unmatched payments' })).toHaveFocus();
  await screen.findByRole('table', { name: 'Unmatched payments, newest first' });
  return calls;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('unmatched payments', () => {
  it('lists the payment, why it is unmatched, whose code it named and the amount', async () => {
    await open([payment('T1'), payment('T2', { reason: 'CODE_EXPIRED', codeMemberPhone: '0812345678', amount: 50000, currency: 'LAK' })]);
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('T1');
    expect(first).toHaveTextContent('No QR code of ours has this id');
    expect(first).toHaveTextContent('250.75');
    expect(second).toHaveTextContent('The code had expired');
    expect(second).toHaveTextContent('Code of 0812345678');
    expect(second).toHaveTextContent('50,000');
  });

  it('attaches with a phone and a reason; the dialog says the amount and the member before it credits', async () => {
    const user = userEvent.setup();
    const calls = await open([payment('T1'), payment('T2')], { 'POST /api/staff/payments/T1/attach': () => [200, { message: 'SUCCESS' }] });
    await user.click(screen.getByRole('button', { name: 'Attach payment T1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Attach payment T1' });
    const submit = within(dialog).getByRole('button', { name: 'Attach and credit' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Member's phone"), '0812345678');
    expect(dialog).toHaveTextContent('250.75 will be credited to the wallet of the member with phone 0812345678');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Receipt seen');
    await user.click(submit);
    await screen.findByText('Payment T1 attached: 250.75 credited to 0812345678.');
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/payments/T1/attach', { phone: '0812345678', reason: 'Receipt seen' }],
    ]);
    expect(screen.queryByRole('button', { name: 'Attach payment T1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach payment T2' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the sentence when the member has another currency', async () => {
    const user = userEvent.setup();
    await open([payment('T1')], { 'POST /api/staff/payments/T1/attach': () => [400, { message: 'PAYMENT_CURRENCY_MISMATCH' }] });
    await user.click(screen.getByRole('button', { name: 'Attach payment T1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Attach payment T1' });
    await user.type(within(dialog).getByLabelText("Member's phone"), '2055512345');
    await user.type(within(dialog).getByLabelText('Reason'), 'Receipt seen');
    await user.click(within(dialog).getByRole('button', { name: 'Attach and credit' }));
    expect(await within(dialog).findByText(/another currency than that member's wallet/)).toBeInTheDocument();
  });

  it('marks refunded with a reason and the bank reference', async () => {
    const user = userEvent.setup();
    const calls = await open([payment('T1')], { 'POST /api/staff/payments/T1/refunded': () => [200, { message: 'SUCCESS' }] });
    await user.click(screen.getByRole('button', { name: 'Mark payment T1 refunded' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark payment T1 refunded' });
    expect(dialog).toHaveTextContent('Nothing will be credited');
    await user.type(within(dialog).getByLabelText('Bank reference (optional)'), 'BANKREF1');
    await user.type(within(dialog).getByLabelText('Reason'), 'Sent back');
    await user.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    await screen.findByText('Payment T1 marked refunded: nothing credited.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ reason: 'Sent back', reference: 'BANKREF1' }]);
  });

  it('says so when another clerk resolved it meanwhile, and asks for the list again', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const calls = await open([payment('T1')], {
      'GET /api/staff/payments/unmatched': () => [200, { rows: lists++ ? [] : [payment('T1')] }],
      'POST /api/staff/payments/T1/refunded': () => [409, { message: 'PAYMENT_NOT_UNMATCHED' }],
    });
    await user.click(screen.getByRole('button', { name: 'Mark payment T1 refunded' }));
    await user.type(screen.getByLabelText('Reason'), 'Sent back');
    await user.click(screen.getByRole('button', { name: 'Mark refunded' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment is no longer unmatched');
    expect(await screen.findByText('No unmatched payment is waiting.')).toBeInTheDocument();
    // the list is asked again after the answer is shown: waited for
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/staff/payments/unmatched')).toHaveLength(2));
  });
  it('shows an attachment waiting for a second person and offers it to the next clerk as it was asked, but for the reason', async () => {
    const user = userEvent.setup();
    const hold = {
      amount: 250.75,
      phone: '0812345678',
      askedBy: 'staff:nok',
      askedAt: '2026-11-20T09:00:00.000Z',
      reason: 'receipt seen',
      because: 'amount' as const,
    };
    const calls = await open([payment('T-9', { hold })], { 'POST /api/staff/payments/T-9/attach': () => [200, { message: 'SUCCESS' }] });
    expect(screen.getByRole('note')).toHaveTextContent('Waits for a second person: nok asked to credit 250.75 to 0812345678');
    await user.click(screen.getByRole('button', { name: 'Attach payment T-9' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Attach payment T-9' });
    expect(within(dialog).getByLabelText("Member's phone")).toHaveValue('0812345678');
    // the reason is the second clerk's own: the first one's is in the note, not offered
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Reason'), 'bank statement line matches');
    await user.click(within(dialog).getByRole('button', { name: 'Attach and credit' }));
    await screen.findByText('Payment T-9 attached: 250.75 credited to 0812345678.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ phone: '0812345678', reason: 'bank statement line matches' }]);
  });
});
