import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../../contract/staff';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts();
const row = (id: number, over: Partial<AuditRow> = {}): AuditRow => ({
  id,
  at: '2026-11-20T08:30:00.000Z',
  actor: { kind: 'staff', username: 'malee' },
  action: 'slip.approve',
  target: `slip:${id}`,
  before: { status: 'review' },
  after: { status: 'approved' },
  reason: null,
  ip: '203.0.113.7',
  member: null,
  money: null,
  ...over,
});

describe('the audit trail', () => {
  it('is not in an agent’s navigation, and its address tells an agent it is not allowed, asking nothing', async () => {
    const calls = fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(nav).toHaveTextContent('Dashboard');
    expect(screen.queryByRole('link', { name: 'Audit trail' })).not.toBeInTheDocument();

    await renderStaff('/staff/audit');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/staff/audit'))).toBe(false);
  });

  it('says "not allowed" when the server refuses the role', async () => {
    fakeServer({ ...signedIn('admin'), 'GET /api/staff/audit': () => [403, { message: 'STAFF_FORBIDDEN' }] });
    await renderStaff('/staff/audit');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });

  it('shows an admin the rows, filters them and asks for more below the last page', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('admin'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/audit': () => [
        200,
        { rows: [row(120), row(119, { actor: { kind: 'cli', username: 'system' }, reason: 'bank said so', ip: null })], more: true },
      ],
      'GET /api/staff/audit?before=119': () => [
        200,
        { rows: [row(80, { action: 'settings.set', target: 'setting:registerOTP' })], more: false },
      ],
      'GET /api/staff/audit?actor=malee&action=slip.approve': () => [200, { rows: [row(120)], more: false }],
    });
    await renderStaff('/staff/');
    await user.click(await screen.findByRole('link', { name: 'Audit trail' }));
    expect(await screen.findByRole('heading', { name: 'Audit trail' })).toHaveFocus();
    expect(await screen.findByText('slip:120')).toBeInTheDocument();
    expect(screen.getByText('system (command line)')).toBeInTheDocument();
    expect(screen.getByText('bank said so')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('setting:registerOTP')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4); // the header and three rows
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Who (username)'), 'malee');
    await user.type(screen.getByLabelText('Action'), ' slip.approve ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('slip:120')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('/api/staff/audit'))).toEqual([
      '/api/staff/audit',
      '/api/staff/audit?before=119',
      '/api/staff/audit?actor=malee&action=slip.approve',
    ]);
  });
});
