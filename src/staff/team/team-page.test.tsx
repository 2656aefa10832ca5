import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffAccount, StaffTeam } from '../../../contract/staff-team';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts();
const account = (username: string, more: Partial<StaffAccount> = {}): StaffAccount => ({
  username,
  role: 'agent',
  displayName: null,
  status: 'active',
  totpEnrolled: true,
  createdAt: '2026-11-01T03:00:00.000Z',
  lastSeenAt: '2026-12-02T12:30:00.000Z',
  ...more,
});
const TEAM: StaffTeam = {
  staff: [
    account('boss', { role: 'admin' }),
    account('fin', { role: 'finance', displayName: 'Fah' }),
    account('nok', { displayName: 'Nok' }),
    account('old', { status: 'disabled', lastSeenAt: null }),
    account('gone', { role: 'finance', status: 'disabled' }),
  ],
};
/** A row's cells as read, by its username. */
const rowOf = (table: HTMLElement, username: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^${username}`) })
    .closest('tr')!;
const cellsOf = (table: HTMLElement, username: string) =>
  within(rowOf(table, username))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('staff accounts in the console', () => {
  it('lists the staff with their state, and offers reset only for another agent and disable never for oneself', async () => {
    fakeServer({ ...signedIn('admin', 'boss'), 'GET /api/staff/dashboard': () => [200, COUNTS], 'GET /api/staff/team': () => [200, TEAM] });
    await renderStaff('/staff/team');
    const table = await screen.findByRole('table', { name: 'Staff accounts' });
    expect(cellsOf(table, 'fin').slice(0, 4)).toEqual(['Fah', 'Finance clerk', 'Active', 'Set up']);
    expect(cellsOf(table, 'old').slice(0, 5)).toEqual(['(the username)', 'Support agent', 'Disabled', 'Set up', 'Never']);
    expect(within(rowOf(table, 'boss')).getByRole('rowheader')).toHaveTextContent('boss (you)');
    expect(within(rowOf(table, 'boss')).queryByRole('button', { name: /Disable|Reset/ })).not.toBeInTheDocument();
    expect(within(rowOf(table, 'fin')).queryByRole('button', { name: /Reset/ })).not.toBeInTheDocument();
    expect(within(rowOf(table, 'fin')).getByRole('button', { name: 'Disable fin' })).toBeInTheDocument();
    expect(within(rowOf(table, 'nok')).getByRole('button', { name: 'Reset password for nok' })).toBeInTheDocument();
    expect(within(rowOf(table, 'old')).getByRole('button', { name: 'Enable old' })).toBeInTheDocument();
    // a disabled finance clerk's password and authenticator still work: only the operator enables them
    expect(within(rowOf(table, 'gone')).queryByRole('button', { name: /Enable/ })).not.toBeInTheDocument();
    expect(within(rowOf(table, 'gone')).getByText('The operator enables it again')).toBeInTheDocument();
  });

  it('adds an agent, checking the username first, and shows the one-time password once', async () => {
    let answer: [number, unknown] = [409, { message: 'STAFF_USERNAME_TAKEN' }];
    const calls = fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/team': () => [200, TEAM],
      'POST /api/staff/team': () => answer,
    });
    const user = userEvent.setup();
    await renderStaff('/staff/team');
    await user.click(await screen.findByRole('button', { name: 'Add a support agent' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Add a support agent' });
    const username = within(dialog).getByLabelText('Username');
    expect(username).toHaveFocus();
    await user.type(username, 'Nok S');
    expect(username).toHaveAccessibleDescription(/3 to 32 of a-z/);
    expect(within(dialog).getByRole('button', { name: 'Add the agent' })).toBeDisabled();
    await user.clear(username);
    await user.type(username, 'nok');
    await user.type(within(dialog).getByLabelText('Name customers see (optional)'), 'Nok');
    await user.click(within(dialog).getByRole('button', { name: 'Add the agent' }));
    expect(await within(dialog).findByText(/A staff member with this username exists already/)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(/A staff member with this username exists already/);
    expect(within(dialog).getByRole('button', { name: 'Add the agent' })).toBeDisabled();
    answer = [
      200,
      { username: 'ploy', oneTimePassword: 'Xy3_secret-once', team: { staff: [...TEAM.staff, account('ploy', { status: 'new' })] } },
    ];
    await user.clear(username);
    await user.type(username, 'ploy');
    await user.click(within(dialog).getByRole('button', { name: 'Add the agent' }));
    const shown = await screen.findByRole('alertdialog', { name: 'One-time password for ploy' });
    expect(within(shown).getByLabelText('One-time password')).toHaveTextContent('Xy3_secret-once');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { username: 'nok', displayName: 'Nok' },
      { username: 'ploy', displayName: 'Nok' },
    ]);
    // the list the answer carried, at once: the new agent has not signed in yet
    const table = screen.getByRole('table', { name: 'Staff accounts' });
    expect(cellsOf(table, 'ploy')[2]).toBe('Not signed in yet with the one-time password');
    await user.click(within(shown).getByRole('button', { name: 'I have handed it over' }));
    expect(screen.queryByText('Xy3_secret-once')).not.toBeInTheDocument();
    expect(await screen.findByText('ploy signs in with the one-time password, then sets their own.')).toBeInTheDocument();
  });

  it('disables with a reason, and resets an agent showing the new one-time password', async () => {
    const calls = fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/team': () => [200, TEAM],
      'POST /api/staff/team/fin/disable': () => [
        200,
        { staff: TEAM.staff.map((s) => (s.username === 'fin' ? { ...s, status: 'disabled' } : s)) },
      ],
      'POST /api/staff/team/nok/reset': () => [200, { username: 'nok', oneTimePassword: 'new-once-pass', team: TEAM }],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/team');
    await user.click(await screen.findByRole('button', { name: 'Disable fin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable fin' });
    expect(within(dialog).getByRole('button', { name: 'Disable' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'left the company');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('fin is disabled: their sessions have ended.')).toBeInTheDocument();
    expect(cellsOf(screen.getByRole('table', { name: 'Staff accounts' }), 'fin')[2]).toBe('Disabled');

    await user.click(screen.getByRole('button', { name: 'Reset password for nok' }));
    const reset = await screen.findByRole('alertdialog', { name: 'Reset password for nok' });
    await user.type(within(reset).getByRole('textbox'), 'lost phone');
    await user.click(within(reset).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('alertdialog', { name: 'One-time password for nok' })).toHaveTextContent('new-once-pass');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/team/fin/disable', { reason: 'left the company' }],
      ['/api/staff/team/nok/reset', { reason: 'lost phone' }],
    ]);
  });

  it('shows what was done to an account from the audit trail, in Thai', async () => {
    fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/team': () => [200, TEAM],
      'GET /api/staff/audit?target=staff%3Anok': () => [
        200,
        {
          rows: [
            {
              id: 9,
              at: '2026-12-01T10:00:00.000Z',
              actor: { kind: 'staff', username: 'boss' },
              action: 'staff.reset',
              target: 'staff:nok',
              before: { totpEnrolled: true },
              after: { totpEnrolled: false, mustChangePassword: true },
              reason: 'lost phone',
              ip: '203.0.113.9',
              member: null,
              money: null,
            },
          ],
          more: false,
        },
      ],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/team', 'th');
    await user.click(await screen.findByRole('button', { name: 'ประวัติการเปลี่ยนแปลง nok' }));
    const dialog = await screen.findByRole('dialog', { name: 'ประวัติการเปลี่ยนแปลง nok' });
    expect(await within(dialog).findByText('staff.reset')).toBeInTheDocument();
    expect(within(dialog).getByText('lost phone')).toBeInTheDocument();
  });

  it('is not on a finance clerk’s menu, and tells one who opens it that it is not theirs', async () => {
    fakeServer({ ...signedIn('finance'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/team');
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Staff accounts');
    expect(screen.queryByRole('link', { name: 'Staff accounts' })).not.toBeInTheDocument();
  });
});
