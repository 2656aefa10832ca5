import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../../tests/render';
import type { WaitingDepositRequest } from '../../../contract/staff-queues';
import { depositAccount, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const member = {
  id: 7,
  phone: '0812345678',
  name: 'Somchai Jaidee',
  currency: 'BAHT' as const,
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI JAIDEE',
};
const request = (id: number, over: Partial<WaitingDepositRequest> = {}): WaitingDepositRequest => ({
  id,
  member,
  amount: 1000,
  currency: 'BAHT',
  createdAt: '2026-11-20T08:30:00.000Z',
  transferredAt: null,
  hold: null,
  depositAccountNo: null,
  ...over,
});

async function open(
  rows: WaitingDepositRequest[],
  more: Record<string, (body: unknown) => [number, unknown] | Promise<[number, unknown]>> = {},
) {
  const calls = fakeServer({ ...signedIn('finance'), 'GET /api/staff/deposit-requests': () => [200, { rows }], ...more });
  await renderStaff('/staff/deposit-requests');
  expect(await screen.findByRole('heading', { name: 'Manual deposit requests waiting' })).toHaveFocus();
  await screen.findByRole('table', { name: 'Deposit requests, oldest first' });
  return calls;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('manual deposit requests waiting', () => {
  it('lists member, amount and time, oldest first', async () => {
    await open([request(4), request(5, { amount: 50000, currency: 'LAK', member: { ...member, name: 'Khamla', currency: 'LAK' } })]);
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('Somchai Jaidee');
    expect(first).toHaveTextContent('0812345678');
    expect(first).toHaveTextContent('1,000.00');
    expect(second).toHaveTextContent('Khamla');
    expect(second).toHaveTextContent('50,000');
    expect(second).not.toHaveTextContent('50,000.00');
  });

  it('asks which of our deposit accounts the money arrived in, of the request’s currency, and sends it with the confirmation', async () => {
    const user = userEvent.setup();
    const accounts = [
      depositAccount('0481234567'),
      depositAccount('0489990001'),
      depositAccount('0480000001', 'BAHT', '2026-11-01T00:00:00.000Z'),
      depositAccount('1600000001', 'LAK'),
    ];
    const calls = await open([request(4)], {
      'GET /api/staff/deposit-accounts': () => [200, { accounts, pending: null, graceHours: 72 }],
      'POST /api/staff/deposit-requests/4/confirm': () => [200, {}],
    });
    await user.click(screen.getByRole('button', { name: 'Confirm request 4' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm deposit request 4' });
    const list = await within(dialog).findByRole('combobox', { name: 'Arrived in (our deposit account)' });
    // the baht accounts only, the retired one said so; nothing chosen for the clerk among two active ones
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose the account', 'KBANK 048-123-4567', 'KBANK 048-999-0001', 'KBANK 048-000-0001 (retired)']);
    expect(within(dialog).getByRole('button', { name: 'Confirm and credit' })).toBeDisabled();
    await user.selectOptions(list, 'KBANK 048-999-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    await screen.findByText('Request 4 confirmed: 1,000.00 credited to Somchai Jaidee.');
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/deposit-requests/4/confirm', { depositAccountNo: '0489990001' }],
    ]);
  });

  it('chooses for the second person the account a waiting confirmation named, and says whose word it is', async () => {
    const user = userEvent.setup();
    const hold = { amount: 1000, askedBy: 'staff:nok', askedAt: '2026-11-20T09:00:00.000Z', reason: null, because: 'amount' as const };
    const calls = await open([request(4, { hold, depositAccountNo: '0489990001' })], {
      'GET /api/staff/deposit-accounts': () => [
        200,
        { accounts: [depositAccount('0481234567'), depositAccount('0489990001')], pending: null, graceHours: 72 },
      ],
      'POST /api/staff/deposit-requests/4/confirm': () => [200, {}],
    });
    await user.click(screen.getByRole('button', { name: 'Confirm request 4' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm deposit request 4' });
    const list = await within(dialog).findByRole('combobox', { name: 'Arrived in (our deposit account)' });
    expect(list).toHaveValue('0489990001');
    expect(list).toHaveAccessibleDescription(/^nok said the money arrived in this account\. /);
    // another account chosen: the hint no longer says anyone named it, and back
    await user.selectOptions(list, 'KBANK 048-123-4567');
    expect(list).toHaveAccessibleDescription(/^The account whose statement shows this transfer/);
    await user.selectOptions(list, 'KBANK 048-999-0001');
    expect(list).toHaveAccessibleDescription(/^nok said the money arrived in this account\. /);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    await screen.findByText('Request 4 confirmed: 1,000.00 credited to Somchai Jaidee.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ depositAccountNo: '0489990001' }]);
  });

  it('waits for the deposit accounts before a confirmation can go (a quick one would count as an unknown account)', async () => {
    const user = userEvent.setup();
    await open([request(4)], { 'GET /api/staff/deposit-accounts': () => new Promise<[number, unknown]>(() => undefined) });
    await user.click(screen.getByRole('button', { name: 'Confirm request 4' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm deposit request 4' });
    expect(within(dialog).getByRole('button', { name: 'Confirm and credit' })).toBeDisabled();
  });

  it('chooses the only active deposit account of the currency for the clerk', async () => {
    const user = userEvent.setup();
    const calls = await open([request(4)], {
      'GET /api/staff/deposit-accounts': () => [200, { accounts: [depositAccount('0481234567')], pending: null, graceHours: 72 }],
      'POST /api/staff/deposit-requests/4/confirm': () => [200, {}],
    });
    await user.click(screen.getByRole('button', { name: 'Confirm request 4' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm deposit request 4' });
    expect(await within(dialog).findByRole('combobox', { name: 'Arrived in (our deposit account)' })).toHaveValue('0481234567');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    await screen.findByText('Request 4 confirmed: 1,000.00 credited to Somchai Jaidee.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ depositAccountNo: '0481234567' }]);
  });

  it('confirms without a reason, and the row leaves the list', async () => {
    const user = userEvent.setup();
    const calls = await open([request(4), request(5)], { 'POST /api/staff/deposit-requests/4/confirm': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Confirm request 4' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm deposit request 4' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    await screen.findByText('Request 4 confirmed: 1,000.00 credited to Somchai Jaidee.');
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([['/api/staff/deposit-requests/4/confirm', {}]]);
    expect(screen.queryByRole('button', { name: 'Confirm request 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm request 5' })).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    const user = userEvent.setup();
    const calls = await open([request(4)], { 'POST /api/staff/deposit-requests/4/reject': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Reject request 4' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject deposit request 4' });
    const submit = within(dialog).getByRole('button', { name: 'Reject request' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'No money arrived');
    await user.click(submit);
    await screen.findByText('Request 4 rejected.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ reason: 'No money arrived' }]);
  });

  it('says so when the request was settled meanwhile, and asks for the list again', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const calls = await open([request(4)], {
      'GET /api/staff/deposit-requests': () => [200, { rows: lists++ ? [] : [request(4)] }],
      'POST /api/staff/deposit-requests/4/confirm': () => [409, { message: 'DEPOSIT_REQUEST_NOT_PENDING' }],
    });
    await user.click(screen.getByRole('button', { name: 'Confirm request 4' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and credit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This deposit request is no longer waiting');
    expect(await screen.findByText('No deposit request is waiting.')).toBeInTheDocument();
    // the list is asked again after the answer is shown: waited for
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/staff/deposit-requests')).toHaveLength(2));
  });
});

describe('a manual deposit request’s source', () => {
  it('shows the account the money must come from, its bank by name, beside when the member says they transferred and asked', async () => {
    await open(
      [request(4, { transferredAt: '2026-11-20T08:05:00.000Z' }), request(5, { member: { ...member, id: 8, phone: '0899999999' } })],
      {
        'GET /api/staff/banks': () => [
          200,
          { banks: [{ code: 'KBANK', slipCode: '004', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' }] },
        ],
      },
    );
    expect(screen.getByRole('columnheader', { name: 'From (the member’s registered account)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Asked (after the transfer)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Transferred (the member says)' })).toBeInTheDocument();
    const [, row, unsaid] = screen.getAllByRole('row');
    await within(row!).findByText('Kasikornbank');
    const cells = within(row!).getAllByRole('cell');
    expect(cells[1]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T08:05:00.000Z');
    expect(cells[3]).toHaveTextContent('Kasikornbank (KBANK) 1234567890SOMCHAI JAIDEE');
    expect(within(unsaid!).getAllByRole('cell')[1]).toHaveTextContent('Not said');
    // and in the confirmation, where the clerk decides
    await userEvent.setup().click(within(row!).getByRole('button', { name: /^Confirm / }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm deposit request 4' });
    expect(within(dialog).getByText('From (the member’s registered account)').nextElementSibling).toHaveTextContent(
      'Kasikornbank (KBANK) 1234567890SOMCHAI JAIDEE',
    );
    expect(within(dialog).getByText('Asked (after the transfer)').nextElementSibling!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T08:30:00.000Z',
    );
    expect(within(dialog).getByText('Transferred (the member says)').nextElementSibling!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T08:05:00.000Z',
    );
  });
});
