import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MemberSearchRow } from '../../../contract/staff-members';
import { fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const row = (id: number, over: Partial<MemberSearchRow> = {}): MemberSearchRow => ({
  id,
  phone: '0812345678',
  name: 'Somchai Jaidee',
  status: 'active',
  currency: 'BAHT',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  balance: 1250.5,
  createdAt: '2026-11-20T08:30:00.000Z',
  ...over,
});

async function searchFor(q: string, rows: MemberSearchRow[]) {
  const user = userEvent.setup();
  const calls = fakeServer({ ...signedIn('agent'), 'GET /api/staff/members': () => [200, { rows }] });
  await renderStaff('/staff/members');
  expect(await screen.findByRole('heading', { name: 'Members' })).toHaveFocus();
  await user.type(screen.getByLabelText('Phone, name, bank account or member id'), q);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return calls;
}

describe('member search', () => {
  it('lists what the server found, each linking to the member, amounts in the member’s currency', async () => {
    const calls = await searchFor('somchai', [
      row(2, { phone: '02055512345', name: 'Khamla', currency: 'LAK', balance: 200000, status: 'disabled', bankCode: 'BCEL' }),
      row(1),
    ]);
    await screen.findByRole('table', { name: 'Members found, newest first' });
    expect(calls.map((c) => c.url)).toContain('/api/staff/members?q=somchai');
    const [, lao, thai] = screen.getAllByRole('row');
    expect(lao).toHaveTextContent('200,000');
    expect(lao).not.toHaveTextContent('200,000.00');
    expect(lao).toHaveTextContent('Disabled');
    expect(thai).toHaveTextContent('1,250.50');
    expect(thai).toHaveTextContent('KBANK 1234567890');
    expect(within(thai!).getByRole('link', { name: '0812345678' })).toHaveAttribute('href', '/staff/members/1');
  });

  it('says when nothing matches, and asks nothing for a single character', async () => {
    const user = userEvent.setup();
    await searchFor('zz', []);
    expect(await screen.findByText('No member matches “zz”.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone, name, bank account or member id'));
    await user.type(screen.getByLabelText('Phone, name, bank account or member id'), 'z');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('lists the bonus ends waiting for a second person, each linking to its member', async () => {
    const hold = {
      amount: 6000,
      askedBy: 'staff:noi',
      askedAt: '2026-11-20T09:00:00.000Z',
      reason: 'promised by phone',
      because: 'amount',
    };
    const calls = fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/members/waiting-ends': () => [
        200,
        { rows: [{ member: { id: 9, phone: '0899999999', name: 'Noy Saysana' }, currency: 'BAHT', bonus: 'WELCOME50', hold }] },
      ],
    });
    await renderStaff('/staff/members');
    const table = await screen.findByRole('region', { name: 'Bonus ends waiting for a second person' });
    const [, line] = within(table).getAllByRole('row');
    expect(line).toHaveTextContent(/0899999999 Noy Saysana.*WELCOME50.*6,000\.00.*noi/);
    expect(within(line!).getByRole('link', { name: '0899999999' })).toHaveAttribute('href', '/staff/members/9');
    expect(calls.map((c) => c.url)).toContain('/api/staff/members/waiting-ends?lang=en');
  });

  it('is in the navigation for every role', async () => {
    for (const role of ['agent', 'finance', 'admin'] as const) {
      fakeServer({
        ...signedIn(role),
        'GET /api/staff/dashboard': () => [200, { slipsInReview: 0, withdrawalsWaiting: 0, depositRequestsWaiting: 0 }],
      });
      const { unmount } = await renderStaff('/staff/');
      const nav = await screen.findByRole('navigation', { name: 'Console' });
      expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/staff/members');
      unmount();
    }
  });
});
