import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../../tests/render';
import type { Adjustment, AdjustmentList } from '../../../contract/staff-adjustments';
import { fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const adjustment = (id: number, over: Partial<Adjustment> = {}): Adjustment => ({
  id,
  member: { id: 7, phone: '0812345678', name: 'Somchai Jaidee' },
  kind: 'credit',
  amount: 6000,
  currency: 'BAHT',
  reverses: null,
  reason: 'missed deposit',
  requestedBy: 'staff:other',
  requestedAt: '2026-11-20T08:30:00.000Z',
  status: 'PENDING',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  journalId: null,
  ...over,
});
const list = (pending: Adjustment[], recent: Adjustment[] = []): AdjustmentList => ({
  pending,
  recent,
  approvalAbove: { BAHT: 5000, LAK: 1_000_000 },
  creditAloneLeft: { BAHT: 5000, LAK: 1_000_000 },
});

async function open(lists: AdjustmentList, more: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const calls = fakeServer({ ...signedIn('finance'), 'GET /api/staff/adjustments': () => [200, lists], ...more });
  await renderStaff('/staff/adjustments');
  expect(await screen.findByRole('heading', { name: 'Adjustments', level: 1 })).toBeInTheDocument();
  await screen.findByRole('form', { name: 'New adjustment' });
  return calls;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

async function fill(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.type(screen.getByLabelText("Member's phone"), '0812345678');
  await user.type(screen.getByLabelText("Amount (the member's currency)"), amount);
  await user.type(screen.getByLabelText('Reason'), 'goodwill for the outage');
}

describe('adjustments', () => {
  it('a request within the threshold says it applies at once, sends the form and tells it was applied', async () => {
    const user = userEvent.setup();
    const calls = await open(list([]), {
      'POST /api/staff/adjustments': () => [200, adjustment(9, { amount: 100, status: 'APPLIED', requestedBy: 'staff:somchai' })],
    });
    await fill(user, '100');
    expect(screen.getByText('Applied at once.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for the adjustment' }));
    await screen.findByText('Adjustment 9 applied: 100.00 for Somchai Jaidee.');
    expect(posts(calls).map((c) => c.body)).toEqual([
      { phone: '0812345678', kind: 'credit', amount: 100, reason: 'goodwill for the outage', key: expect.stringMatching(/^[\w-]{8,64}$/) },
    ]);
    expect(posts(calls)[0]!.headers).toMatchObject({ 'x-csrf-token': 'csrf-1' });
  });

  it('a request above the threshold says it needs a second approver, and then that it waits', async () => {
    const user = userEvent.setup();
    await open(list([]), {
      'POST /api/staff/adjustments': () => [200, adjustment(10, { amount: 2_000_000, requestedBy: 'staff:somchai' })],
    });
    await fill(user, '2000000');
    expect(screen.getByText(/Needs a second approver \(above/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for the adjustment' }));
    await screen.findByText('Adjustment 10 (2,000,000.00) waits for a second approver.');
  });

  it("a credit within the threshold but past what the clerk's credits of the day left needs a second approver, and says why", async () => {
    const user = userEvent.setup();
    await open({ ...list([]), creditAloneLeft: { BAHT: 1000, LAK: 1_000_000 } });
    await fill(user, '1500');
    const hint = screen.getByText(/Needs a second approver for a member in baht \(above 1,000\.00\)/);
    expect(hint).toHaveTextContent('Your credits of the last 24 hours leave 1,000.00 and 1,000,000 that you may credit alone');
    // a debit takes money out: judged against the threshold alone
    await user.selectOptions(screen.getByLabelText('Kind'), 'debit');
    expect(screen.getByText('Applied at once.')).toBeInTheDocument();
  });

  it("one's own waiting request cannot be approved: it waits for another approver", async () => {
    await open(list([adjustment(4, { requestedBy: 'staff:somchai' }), adjustment(5)]));
    const table = screen.getByRole('table', { name: 'Adjustments waiting, oldest first' });
    const [, own, others] = within(table).getAllByRole('row');
    expect(own).toHaveTextContent('Waiting for another approver');
    expect(within(own!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(others!).getByRole('button', { name: 'Approve adjustment 5' })).toBeInTheDocument();
  });

  it("approves another's request with the session's CSRF token", async () => {
    const user = userEvent.setup();
    const calls = await open(list([adjustment(5)]), {
      'POST /api/staff/adjustments/5/approve': () => [200, adjustment(5, { status: 'APPLIED', decidedBy: 'staff:somchai' })],
    });
    await user.click(screen.getByRole('button', { name: 'Approve adjustment 5' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve adjustment 5' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and apply' }));
    await screen.findByText('Adjustment 5 approved and applied.');
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([['/api/staff/adjustments/5/approve', {}]]);
    expect(posts(calls)[0]!.headers).toMatchObject({ 'x-csrf-token': 'csrf-1' });
  });

  it('says so when someone decided it meanwhile', async () => {
    const user = userEvent.setup();
    await open(list([adjustment(5)]), { 'POST /api/staff/adjustments/5/reject': () => [409, { message: 'ADJUSTMENT_NOT_PENDING' }] });
    await user.click(screen.getByRole('button', { name: 'Reject adjustment 5' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject adjustment 5' });
    await user.type(within(dialog).getByLabelText('Reason'), 'no ticket');
    await user.click(within(dialog).getByRole('button', { name: 'Reject adjustment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This adjustment is no longer waiting');
  });
});
