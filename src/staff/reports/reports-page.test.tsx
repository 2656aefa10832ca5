import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrencyReport, StaffReport } from '../../../contract/staff-reports';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';
import { addDays, localDate } from './report-period';

const COUNTS = dashboardCounts();
const tally = (count: number, amount: number) => ({ count, amount });
const BAHT: CurrencyReport = {
  currency: 'BAHT',
  deposits: [
    { channel: 'slip', count: 3, amount: 4500 },
    { channel: 'qr', count: 1, amount: 250.5 },
    { channel: 'giftLink', count: 0, amount: 0 },
    { channel: 'manual', count: 0, amount: 0 },
    { channel: 'operator', count: 1, amount: 100 },
    { channel: 'other', count: 0, amount: 0 },
  ],
  adjustments: { credits: tally(1, 20), debits: tally(0, 0) },
  withdrawals: { paid: tally(2, 1200), rejected: tally(1, 300), pending: tally(1, 150) },
  bonuses: { granted: tally(2, 200), finished: 1, forfeited: 35.25 },
  providers: [{ provider: 'PG', transfersIn: tally(4, 900), transfersOut: tally(2, 310), won: 40, lost: 75, net: 35 }],
  net: 3670.5,
};
const NOBODY = {
  name: null,
  slipsApproved: 0,
  slipsRejected: 0,
  depositRequestsConfirmed: 0,
  depositRequestsRejected: 0,
  withdrawalsPaid: 0,
  withdrawalsRejected: 0,
  paymentsAttached: 0,
  adjustmentsRequested: 0,
  adjustmentsApplied: 0,
  chatMessages: 0,
  chatConversations: 0,
  firstAnswers: 0,
  firstAnswerMedianSeconds: null,
};
const today = localDate(Date.now(), 'Asia/Bangkok');
const answer = (from: string, to: string): StaffReport => ({
  from,
  to,
  timeZone: 'Asia/Bangkok',
  currencies: [BAHT],
  members: [
    {
      currency: 'BAHT',
      days: [{ date: from, newMembers: 12, firstDeposits: tally(5, 1500) }],
      newMembers: 12,
      firstDeposits: tally(5, 1500),
    },
  ],
  staff: [
    {
      username: 'nok',
      name: 'Nok',
      slipsApproved: 7,
      slipsRejected: 1,
      depositRequestsConfirmed: 2,
      depositRequestsRejected: 0,
      withdrawalsPaid: 4,
      withdrawalsRejected: 1,
      paymentsAttached: 0,
      adjustmentsRequested: 1,
      adjustmentsApplied: 0,
      chatMessages: 31,
      chatConversations: 9,
      firstAnswers: 8,
      firstAnswerMedianSeconds: 95,
    },
    { ...NOBODY, username: 'pim' },
  ],
  accounts: [
    { currency: 'BAHT', accountNo: '0481234567', bankCode: 'KBANK', days: [{ date: from, count: 3, amount: 4500 }], total: tally(3, 4500) },
    { currency: 'BAHT', accountNo: null, bankCode: null, days: [{ date: from, count: 1, amount: 100 }], total: tally(1, 100) },
  ],
});

describe('reports', () => {
  it('shows a finance clerk the day’s tables by currency from the answer', async () => {
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/reports': () => [200, answer(today, today)],
    });
    await renderStaff('/staff/');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toHaveFocus();
    const deposits = await screen.findByRole('table', { name: 'Deposits (Baht)' });
    const row = (table: HTMLElement, name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr')!.textContent!.replace(name, '');
    expect(row(deposits, 'Slip')).toBe('34,500.00');
    expect(row(deposits, 'QR payment')).toBe('1250.50');
    expect(row(deposits, 'All deposits')).toBe('54,850.50');
    expect(row(screen.getByRole('table', { name: 'Withdrawals (Baht)' }), 'Waiting')).toBe('1150.00');
    expect(row(screen.getByRole('table', { name: 'Bonuses (Baht)' }), 'Taken back when they ended')).toBe('35.25');
    const pg = within(screen.getByRole('table', { name: 'Game providers (Baht)' }))
      .getByRole('rowheader', { name: 'PG' })
      .closest('tr')!;
    expect(
      within(pg)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['900.00 (4)', '310.00 (2)', '40.00', '75.00', '35.00']);
    expect(screen.getByText('3,670.50')).toBeInTheDocument();
  });

  it('shows the new members and first deposits of each day, and what each staff member did', async () => {
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/reports': () => [200, answer(today, today)],
    });
    await renderStaff('/staff/reports');
    const growth = await screen.findByRole('table', { name: 'New members and first deposits (Baht)' });
    const cells = (table: HTMLElement, name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(growth, today)).toEqual(['12', '5', '1,500.00']);
    expect(cells(growth, 'Whole period')).toEqual(['12', '5', '1,500.00']);
    const staff = screen.getByRole('table', { name: 'Staff' });
    expect(cells(staff, 'Nok (nok)')).toEqual(['7 / 1', '2 / 0', '4 / 1', '0', '1 / 0', '31', '9', '8', '1 min 35 s']);
    // no first answer: no wait to tell
    expect(cells(staff, 'pim').at(-1)).toBe('—');
  });

  it('shows the deposits credited into each deposit account by day, an older slip as an unknown account', async () => {
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/reports': () => [200, answer(today, today)],
      'GET /api/staff/banks': () => [200, { banks: [{ code: 'KBANK', slipCode: '004', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank' }] }],
    });
    await renderStaff('/staff/reports');
    const table = await screen.findByRole('table', { name: 'Deposits per deposit account (Baht)' });
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.children].map((c) => c.textContent));
    await waitFor(() => expect(rows()[0]![0]).toBe('Kasikornbank (KBANK) 0481234567'));
    expect(rows()).toEqual([
      ['Kasikornbank (KBANK) 0481234567', today, '3', '4,500.00'],
      ['Kasikornbank (KBANK) 0481234567', 'Whole period', '3', '4,500.00'],
      ['Unknown account', today, '1', '100.00'],
      ['Unknown account', 'Whole period', '1', '100.00'],
    ]);
  });

  it('points the CSV link at the chosen period and asks for that period', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('admin'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/reports': () => [200, answer(today, today)],
    });
    await renderStaff('/staff/reports');
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', `/api/staff/reports.csv?from=${today}&to=${today}`);
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    expect(link).toHaveAttribute('href', `/api/staff/reports.csv?from=${addDays(today, -6)}&to=${today}`);
    await user.selectOptions(screen.getByLabelText('Period'), 'Choose dates');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/staff/reports.csv?from=2026-10-01&to=${today}`,
    );
    expect(calls.map((c) => c.url)).toContain(`/api/staff/reports?from=${addDays(today, -6)}&to=${today}`);
  });

  it('tells an agent reports are not allowed, asking nothing, and keeps them out of the navigation', async () => {
    const calls = fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/');
    await screen.findByRole('navigation', { name: 'Console' });
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    await renderStaff('/staff/reports');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/staff/reports'))).toBe(false);
  });
});
