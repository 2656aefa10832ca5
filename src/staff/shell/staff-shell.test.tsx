import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';
import { dashboardQueryOptions } from '../dashboard/queries';

const COUNTS = dashboardCounts({
  slipsInReview: 3,
  bonusEndsWaiting: 1,
  withdrawalsWaiting: 12,
  unmatchedPayments: 2,
  chatsWaiting: 4,
  statementLinesWaiting: 5,
});

describe('the signed-in console', () => {
  it('shows who is signed in and the queue counts, unmatched payments linked to their screen', async () => {
    fakeServer({ ...signedIn('finance', 'malee'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    const { router } = await renderStaff('/staff/');
    expect(await screen.findByText('Slips in review')).toBeInTheDocument();
    const counts = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(counts).toEqual(['3', '12', '0', '2', '4', '5', '1']);
    expect(screen.getByRole('link', { name: 'Unmatched payments: 2' })).toHaveAttribute('href', '/staff/payments');
    // imported statement lines no one has matched: a finance clerk's queue too
    expect(screen.getByRole('link', { name: 'Unmatched statement lines: 5' })).toHaveAttribute('href', '/staff/statements/queue');
    // a staff "End bonus" held for a second person: found from the Members page
    expect(screen.getByRole('link', { name: 'Bonus ends waiting for a second person: 1' })).toHaveAttribute('href', '/staff/members');
    expect(screen.getByText('Withdrawals waiting').nextElementSibling).toHaveTextContent('12');
    expect(screen.getByText('Manual deposit requests waiting').nextElementSibling).toHaveTextContent('0');
    expect(screen.getByText('malee')).toBeInTheDocument();
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/staff/');
    // a real site: no test-site note
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says on every screen of a staging site that it is a test site', async () => {
    fakeServer({
      'GET /api/staff/me': () => [200, { username: 'malee', role: 'finance', csrfToken: 'csrf-1', testSite: true }],
      'GET /api/staff/dashboard': () => [200, COUNTS],
    });
    await renderStaff('/staff/');
    expect(await screen.findByRole('note')).toHaveTextContent('Test site: nothing here is real money.');
  });

  it('signs out with the session’s CSRF token and returns to the sign-in', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      ...signedIn('agent'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'POST /api/staff/auth/sign-out': () => [204, null],
    });
    const { router } = await renderStaff('/staff/');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/staff/auth/sign-out')?.headers).toMatchObject({ 'x-csrf-token': 'csrf-1' });
    expect(router.history.location.pathname).toBe('/staff/sign-in');
  });

  it('sends a visitor without a session, and one whose session ends on a call, to the sign-in', async () => {
    fakeServer({ 'GET /api/staff/me': () => [401, { message: 'STAFF_UNAUTHORIZED' }] });
    await renderStaff('/staff/');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();

    fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => [401, { message: 'STAFF_UNAUTHORIZED' }] });
    const { router } = await renderStaff('/staff/');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/staff/sign-in');
  });

  it('marks the calls made while nobody touches the page, and says why the session ended when one of them finds it ended', async () => {
    let dashboard: [number, unknown] = [200, COUNTS];
    const calls = fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => dashboard });
    const { queryClient } = await renderStaff('/staff/');
    expect(await screen.findByText('Slips in review')).toBeInTheDocument();
    const background = () => calls.filter((c) => c.url === '/api/staff/dashboard').map((c) => c.headers['x-staff-background'] ?? '-');
    expect(background()).toEqual(['-']);
    const now = Date.now();
    // a minute without a touch: the refresh is the console's own
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    await queryClient.refetchQueries({ queryKey: dashboardQueryOptions().queryKey });
    expect(background()).toEqual(['-', '1']);
    // a key pressed: a person is here again
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await queryClient.refetchQueries({ queryKey: dashboardQueryOptions().queryKey });
    expect(background()).toEqual(['-', '1', '-']);
    // left alone until the session ended: the next refresh's 401 leads to the sign-in, which says why
    vi.spyOn(Date, 'now').mockReturnValue(now + 31 * 60_000);
    dashboard = [401, { message: 'STAFF_UNAUTHORIZED' }];
    await queryClient.refetchQueries({ queryKey: dashboardQueryOptions().queryKey });
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You were signed out: a session ends after 30 minutes without use, and 12 hours');
    vi.restoreAllMocks();
  });

  it('says when the network is gone and disables its actions', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/');
    expect(await screen.findByRole('status')).toHaveTextContent('You are offline. The console needs the network');
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeDisabled();
    vi.restoreAllMocks();
  });

  it('keeps the sign-in’s button waiting while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeServer({ 'GET /api/staff/me': () => [401, { message: 'STAFF_UNAUTHORIZED' }] });
    await renderStaff('/staff/sign-in');
    const form = (await screen.findByRole('heading', { name: 'Staff sign-in' })).closest('form')!;
    expect(within(form).getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
    vi.restoreAllMocks();
  });
});
