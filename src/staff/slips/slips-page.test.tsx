import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../../tests/render';
import type { ReviewSlip } from '../../../contract/staff-queues';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts({ slipsInReview: 2, withdrawalsWaiting: 1 });
const member = {
  id: 7,
  phone: '0812345678',
  name: 'Somchai Jaidee',
  currency: 'BAHT' as const,
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI JAIDEE',
};
const slip = (id: number, over: Partial<ReviewSlip> = {}): ReviewSlip => ({
  id,
  reference: `S-${id}`,
  member,
  note: 'SLIP_SENDER_MISMATCH',
  bankAmount: 1100,
  currency: 'BAHT',
  sender: 'SCB xxx-x-x4321-x MR SOMSAK',
  sendingBank: 'SCB',
  transRef: '016123ABCD',
  createdAt: '2026-11-20T08:30:00.000Z',
  imageUrl: `/api/staff/slips/${id}/image`,
  hold: null,
  lookAlikes: [],
  ...over,
});

/** The finance clerk on the slips screen with these rows; the calls made. */
async function open(rows: ReviewSlip[], more: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const calls = fakeServer({
    ...signedIn('finance'),
    'GET /api/staff/dashboard': () => [200, COUNTS],
    'GET /api/staff/slips': () => [200, { rows }],
    ...more,
  });
  await renderStaff('/staff/slips');
  expect(await screen.findByRole('heading', { name: 'Slips in review', level: 1 })).toHaveFocus();
  await screen.findByRole('heading', { name: `Slip ${rows[0]!.reference}` });
  return calls;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('slips in review', () => {
  it('lists the slips as the server sends them and shows the chosen one’s image beside the bank’s answer and the member’s account', async () => {
    const user = userEvent.setup();
    await open([slip(1), slip(2, { bankAmount: null, note: null, sender: null, sendingBank: null, transRef: null })]);
    const table = screen.getByRole('table', { name: 'Slips, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['1,100.00', '—']);
    expect(rows[0]).toHaveTextContent('Not sent from the member’s registered account');
    expect(rows[1]).toHaveTextContent('The bank could not be asked');

    const detail = screen.getByRole('region', { name: 'Slip S-1' });
    expect(within(detail).getByRole('img', { name: 'The slip as the member uploaded it' })).toHaveAttribute(
      'src',
      '/api/staff/slips/1/image',
    );
    for (const text of ['1,100.00', 'SCB xxx-x-x4321-x MR SOMSAK', '016123ABCD', 'SOMCHAI JAIDEE', 'KBANK', '1234567890'])
      expect(within(detail).getByText(text)).toBeInTheDocument();
    const zoom = within(detail).getByRole('button', { name: 'Enlarge the image' });
    await user.click(zoom);
    expect(zoom).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Review slip S-2' }));
    const second = screen.getByRole('region', { name: 'Slip S-2' });
    expect(within(second).getAllByText('Not told')).toHaveLength(4);
  });

  it('shows every member the sender could be side by side, the uploader marked, when the sender matches more than one', async () => {
    const alike = (memberId: number, phone: string, over: Partial<ReviewSlip['lookAlikes'][number]> = {}) => ({
      memberId,
      name: `Member ${memberId}`,
      phone,
      bankAccountName: 'SOMSAK T',
      bankAccountNo: `55500${memberId}4321`,
      registeredAt: '2026-01-05T03:00:00.000Z',
      bankChangedAt: null,
      uploader: false,
      ...over,
    });
    await open([
      slip(1, {
        note: 'SLIP_SENDER_AMBIGUOUS',
        lookAlikes: [alike(7, '0812345678', { uploader: true }), alike(9, '0899999999', { bankChangedAt: '2026-11-20T08:00:00.000Z' })],
      }),
    ]);
    const detail = screen.getByRole('region', { name: 'Slip S-1' });
    expect(within(detail).getByText('The sender could be more than one member: compare the accounts below')).toBeInTheDocument();
    const table = within(detail).getByRole('table', { name: 'Members the sender could be' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Member 7 (0812345678) · uploaded this slip', 'SOMSAK T', '5550074321', expect.any(String), 'Never'],
      ['Member 9 (0899999999)', 'SOMSAK T', '5550094321', expect.any(String), expect.not.stringMatching(/^Never$/)],
    ]);
  });

  it('approves with the bank’s amount without a reason, with the CSRF header, and the slip leaves the list', async () => {
    const user = userEvent.setup();
    const calls = await open([slip(1), slip(2)], { 'POST /api/staff/slips/1/approve': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Approve…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve slip S-1' });
    expect(within(dialog).getByLabelText('Amount to credit')).toHaveValue('1100.00');
    expect(within(dialog).queryByLabelText('Reason')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    expect(await screen.findByText('Slip S-1 approved: 1,100.00 credited to Somchai Jaidee.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([expect.objectContaining({ url: '/api/staff/slips/1/approve', body: {} })]);
    expect(posts(calls)[0]!.headers).toMatchObject({ 'x-csrf-token': 'csrf-1' });
    expect(screen.queryByRole('button', { name: 'Review slip S-1' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Slip S-2' })).toBeInTheDocument();
    // the button that opened the dialog left with its slip: the keyboard's place is the screen's heading
    expect(screen.getByRole('heading', { name: 'Slips in review', level: 1 })).toHaveFocus();
  });

  it('shows how far another amount is from the bank’s and asks for a reason before it credits', async () => {
    const user = userEvent.setup();
    const calls = await open([slip(1)], { 'POST /api/staff/slips/1/approve': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Approve…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve slip S-1' });
    const amount = within(dialog).getByLabelText('Amount to credit');
    await user.clear(amount);
    await user.type(amount, '11000');
    expect(within(dialog).getByText('+9,900.00 more than the bank confirmed')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Approve and credit' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'x');
    expect(submit).toBeDisabled(); // a reason is 3 characters or more
    await user.type(within(dialog).getByLabelText('Reason'), 'Slip image shows 11,000; bank misread');
    await user.click(submit);
    await screen.findByText('Slip S-1 approved: 11,000.00 credited to Somchai Jaidee.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ amount: 11000, reason: 'xSlip image shows 11,000; bank misread' }]);
  });

  it('keeps a slip whose approval waits for a second person, says so, and offers the next clerk the amount as it was asked, not the reason', async () => {
    const user = userEvent.setup();
    let rows = [slip(1)];
    const held = {
      amount: 11000,
      askedBy: 'staff:nok',
      askedAt: '2026-11-20T09:00:00.000Z',
      reason: 'Slip image shows 11,000',
      because: 'amount' as const,
    };
    const calls = fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/slips': () => [200, { rows }],
      'POST /api/staff/slips/1/approve': () => {
        rows = [slip(1, { hold: held })];
        return [202, { message: 'CREDIT_WAITS' }];
      },
    });
    await renderStaff('/staff/slips');
    await user.click(await screen.findByRole('button', { name: 'Approve…' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Approve slip S-1' });
    const amount = within(dialog).getByLabelText('Amount to credit');
    await user.clear(amount);
    await user.type(amount, '11000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Slip image shows 11,000');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    expect(
      await screen.findByText('Slip S-1: crediting 11,000.00 to Somchai Jaidee waits for a second finance clerk or admin.'),
    ).toBeInTheDocument();
    // the slip stays, with who asked what and why it waits
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Waits for a second person: nok asked to credit 11,000.00');
    expect(note).toHaveTextContent('It is above what one person may credit alone.');
    expect(note).toHaveTextContent('Their reason: Slip image shows 11,000');
    expect(note).toHaveTextContent('Approving the same credit applies it');
    await user.click(screen.getByRole('button', { name: 'Approve…' }));
    dialog = screen.getByRole('alertdialog', { name: 'Approve slip S-1' });
    expect(within(dialog).getByLabelText('Amount to credit')).toHaveValue('11000.00');
    // the reason is the next clerk's own: the first one's is in the note
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('');
    expect(posts(calls)).toHaveLength(1);
  });

  it('tells the clerk who asked a held approval that another person must approve it', async () => {
    await open([
      slip(1, { hold: { amount: 6000, askedBy: 'staff:somchai', askedAt: '2026-11-20T09:00:00.000Z', reason: null, because: 'day' } }),
    ]);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('With somchai’s other credits of the last 24 hours it passes what one person may credit alone.');
    expect(note).toHaveTextContent('Another finance clerk or admin must approve it.');
  });

  it('needs an amount and a reason when the bank told none', async () => {
    const user = userEvent.setup();
    const calls = await open([slip(3, { bankAmount: null })], { 'POST /api/staff/slips/3/approve': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Approve…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve slip S-3' });
    const submit = within(dialog).getByRole('button', { name: 'Approve and credit' });
    expect(within(dialog).getByLabelText('Amount to credit')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Amount to credit'), '500.5');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Checked the bank statement');
    await user.click(submit);
    await screen.findByText(/Slip S-3 approved/);
    expect(posts(calls).map((c) => c.body)).toEqual([{ amount: 500.5, reason: 'Checked the bank statement' }]);
  });

  it('rejects with the §4 reason chosen and a comment', async () => {
    const user = userEvent.setup();
    const calls = await open([slip(1, { note: 'SLIP_UNKNOWN' })], { 'POST /api/staff/slips/1/reject': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject slip S-1' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Not a transfer slip, or the bank does not know this transfer');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Edited image');
    await user.click(within(dialog).getByRole('button', { name: 'Reject slip' }));
    await screen.findByText('Slip S-1 rejected.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ reason: 'SLIP_INVALID', comment: 'Edited image' }]);
    expect(screen.getByText('No slip is waiting for review.')).toBeInTheDocument();
  });

  it('says so when the slip was dealt with meanwhile, and asks for the list again', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const calls = await open([slip(1)], {
      'GET /api/staff/slips': () => [200, { rows: lists++ ? [] : [slip(1)] }],
      'POST /api/staff/slips/1/approve': () => [409, { message: 'SLIP_NOT_WAITING' }],
    });
    await user.click(screen.getByRole('button', { name: 'Approve…' }));
    await user.click(screen.getByRole('button', { name: 'Approve and credit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This slip is no longer waiting for review');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No slip is waiting for review.')).toBeInTheDocument();
    // the list is asked again after the answer is shown: waited for
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/staff/slips')).toHaveLength(2));
  });
});

describe('the queues and an agent', () => {
  it('shows an agent no queue in the navigation, plain counts, and “not allowed” at each queue’s address, asking nothing', async () => {
    const calls = fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Inbox', 'Members']);
    await screen.findByText('Slips in review');
    expect(screen.queryByRole('link', { name: /Slips in review/ })).not.toBeInTheDocument();

    for (const path of ['/staff/slips', '/staff/withdrawals', '/staff/deposit-requests']) {
      const { unmount } = await renderStaff(path);
      expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
      unmount();
    }
    expect(calls.filter((c) => /slips|withdrawals|deposit-requests/.test(c.url))).toEqual([]);
  });

  it('links a finance clerk’s counts to the queues', async () => {
    const user = userEvent.setup();
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/withdrawals': () => [200, { rows: [] }],
    });
    const { router } = await renderStaff('/staff/');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Dashboard',
      'Inbox',
      'Members',
      'Slips',
      'Withdrawals',
      'Deposit requests',
      'Adjustments',
      'Unmatched payments',
      'Bank statements',
      'Unmatched statement lines',
      'Bonuses',
      'Promotion codes',
      'Deposit accounts',
      'Reports',
    ]);
    await user.click(await screen.findByRole('link', { name: 'Withdrawals waiting: 1' }));
    expect(await screen.findByText('No withdrawal is waiting.')).toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/staff/withdrawals');
  });
});

describe('a slip picked from the list', () => {
  it('opens where the clerk looks, its heading focused, with the banks by name', async () => {
    const user = userEvent.setup();
    await open([slip(1), slip(2, { sendingBank: '004' })], {
      'GET /api/staff/banks': () => [
        200,
        {
          banks: [
            { code: 'BBL', slipCode: '002', nameTH: 'ธนาคารกรุงเทพ', nameEN: 'Bangkok Bank' },
            { code: 'KBANK', slipCode: '004', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
          ],
        },
      ],
    });
    // on arrival the first slip shows, and the focus stays on the screen's heading
    expect(screen.getByRole('heading', { name: 'Slips in review', level: 1 })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Review slip S-2' }));
    expect(await screen.findByRole('heading', { name: 'Slip S-2' })).toHaveFocus();
    const detail = screen.getByRole('region', { name: 'Slip S-2' });
    expect(within(detail).getByText('Sending bank').nextElementSibling).toHaveTextContent('Kasikornbank (004)');
    expect(within(detail).getByText('Bank', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Kasikornbank (KBANK)');
  });
});
