import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberPage } from '../../../contract/staff-members';
import { fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const page = (over: Partial<MemberPage> = {}): MemberPage => ({
  id: 7,
  phone: '0812345678',
  name: 'Somchai Jaidee',
  status: 'active',
  currency: 'BAHT',
  createdAt: '2026-01-02T03:04:00.000Z',
  bank: { code: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' },
  balances: { wallet: 1250.5, games: [{ code: 'PG', name: 'PG Soft', amount: 100 }], coins: 5, refund: 12.25 },
  statement: [
    {
      _id: 31,
      statementType: 'transfer',
      status: 'SUCCESS',
      from: 'WALLET',
      to: 'PG',
      amount: -100,
      createdAt: '2026-11-20T08:30:00.000Z',
      provider: { code: 'PG', name: 'PG Soft' },
    },
  ],
  slips: [{ id: 4, reference: 'REF4', status: 'SUCCESS', note: null, amount: 500, createdAt: '2026-11-19T08:30:00.000Z' }],
  withdrawals: [],
  bonus: { name: 'Welcome 100%', turnoverLeft: 4200 },
  sessions: [
    { id: 11, createdAt: '2026-11-20T08:00:00.000Z', lastSeenAt: '2026-11-20T08:40:00.000Z', expiresAt: '2026-11-21T08:00:00.000Z' },
  ],
  ...over,
});

async function open(role: 'agent' | 'finance' | 'admin', more: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const calls = fakeServer({ ...signedIn(role), 'GET /api/staff/members/7': () => [200, page()], ...more });
  await renderStaff('/staff/members/7');
  expect(await screen.findByRole('heading', { name: 'Somchai Jaidee #7' })).toHaveFocus();
  return calls;
}

describe('a member’s page', () => {
  it('shows the profile, balances, statement, slips, withdrawals, bonus and sessions', async () => {
    await open('agent');
    for (const name of ['Profile', 'Balances', 'Statement (latest 20)', 'Slips', 'Withdrawals', 'Bonus', 'Open sessions'])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    expect(screen.getByText('1,250.50')).toBeInTheDocument();
    expect(screen.getByText('12.25')).toBeInTheDocument();
    const games = screen.getByRole('table', { name: 'Game accounts' });
    expect(within(games).getAllByRole('row')[1]).toHaveTextContent('PG Soft100.00');
    const [, line] = within(screen.getByRole('table', { name: 'Statement lines, newest first' })).getAllByRole('row');
    expect(line).toHaveTextContent(/transfer.*WALLET.*PG Soft.*-100\.00.*SUCCESS/);
    expect(screen.getByRole('table', { name: 'Slips, newest first' })).toHaveTextContent('REF4');
    expect(screen.getByText('No withdrawals.')).toBeInTheDocument();
    expect(screen.getByText(/Turnover left: 4,200.00/)).toBeInTheDocument();
    expect(screen.getByText(/Signed in .*last seen/)).toBeInTheDocument();
  });

  it('offers an agent no disable and no session ending', async () => {
    await open('agent');
    expect(screen.queryByRole('button', { name: 'Disable member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
  });

  it('disables only with a reason, sending the session’s CSRF token', async () => {
    const user = userEvent.setup();
    const calls = await open('finance', { 'POST /api/staff/members/7/disable': () => [200, { message: 'SUCCESS' }] });
    await user.click(screen.getByRole('button', { name: 'Disable member' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable Somchai Jaidee' });
    const submit = within(dialog).getByRole('button', { name: 'Disable and end sessions' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), ' fraud check');
    await user.click(submit);
    await screen.findByText('Somchai Jaidee is disabled; their sessions ended.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body, c.headers['x-csrf-token']])).toEqual([
      ['/api/staff/members/7/disable', { reason: 'ok fraud check' }, 'csrf-1'],
    ]);
  });

  it('ends one session for finance', async () => {
    const user = userEvent.setup();
    const calls = await open('finance', { 'POST /api/staff/members/7/sessions/11/revoke': () => [200, { message: 'SUCCESS' }] });
    await user.click(screen.getByRole('button', { name: /End session/ }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/staff/members/7/sessions/11/revoke']);
  });
});
