import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';
import { slowCallAsk } from './server-state';

const UNAVAILABLE = [503, { message: 'SERVICE_UNAVAILABLE' }] as [number, unknown];
const COUNTS = dashboardCounts({ slipsInReview: 1, withdrawalsWaiting: 2 });
const OUTAGE = /The server cannot reach its database/;

describe('a database outage in the console', () => {
  it('says so on the screen from the first answer, and shows the screen again once the server is ready', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/staff/me': () => UNAVAILABLE, 'GET /readyz': () => [503, { status: 'database unavailable' }] });
    await renderStaff('/staff/');
    expect(await screen.findByText(OUTAGE)).toBeInTheDocument();
    // still away: asking again changes nothing
    await user.click(screen.getByRole('button', { name: 'Try now' }));
    expect(screen.getByText(OUTAGE)).toBeInTheDocument();

    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /readyz': () => [200, { status: 'ready' }],
    });
    await user.click(screen.getByRole('button', { name: 'Try now' }));
    expect(await screen.findByText('Slips in review')).toBeInTheDocument();
    expect(screen.queryByText(OUTAGE)).not.toBeInTheDocument();
  });

  it('says so within seconds when the database host hangs and a call gets no answer at all', async () => {
    const calls = fakeServer({
      // the server's wait for a database connection: no answer for as long as the test runs
      'GET /api/staff/me': () => new Promise(() => undefined),
      'GET /readyz': () => [503, { status: 'database unavailable' }],
    });
    await renderStaff('/staff/');
    expect(await screen.findByText(OUTAGE)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/readyz').length).toBeGreaterThan(0);
  });

  it.each([
    ['says the database answers', [200, { status: 'ready' }]],
    ['says the instance is draining', [503, { status: 'draining' }]],
  ] as [string, [number, unknown]][])('does not call a slow answer an outage while /readyz %s', async (_, ready) => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const calls = fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => new Promise((resolve) => (answer = resolve)),
      'GET /readyz': () => ready,
    });
    await renderStaff('/staff/');
    // the dashboard's call is slow: the console asks /readyz once, and reads its answer
    await waitFor(() => expect(calls.filter((c) => c.url === '/readyz')).toHaveLength(1));
    await act(() => slowCallAsk());
    expect(screen.queryByText(OUTAGE)).not.toBeInTheDocument();
    answer([200, COUNTS]);
    expect(await screen.findByText('Slips in review')).toBeInTheDocument();
    expect(screen.queryByText(OUTAGE)).not.toBeInTheDocument();
  });

  it.each([
    ['STATEMENT_BUSY', 'The server is reading other statement files just now'],
    ['UPLOAD_UNAVAILABLE', 'The server has no room for files right now'],
  ])('does not call a 503 %s an outage: the server answered, its service refused', async (code, sentence) => {
    fakeServer({ ...signedIn('finance'), 'GET /api/staff/dashboard': () => [503, { message: code }] });
    await renderStaff('/staff/');
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.queryByText(OUTAGE)).not.toBeInTheDocument();
  });

  it("calls a proxy's 503 an outage, whatever its body says", async () => {
    fakeServer({ ...signedIn('finance'), 'GET /api/staff/dashboard': () => [503, { message: 'no healthy upstream' }] });
    await renderStaff('/staff/');
    expect(await screen.findByText(OUTAGE)).toBeInTheDocument();
  });

  it('says so on the sign-in page and on a screen whose call meets it, in Thai too', async () => {
    fakeServer({ 'GET /api/staff/me': () => [401, { message: 'STAFF_UNAUTHORIZED' }], 'POST /api/staff/auth/sign-in': () => UNAVAILABLE });
    const user = userEvent.setup();
    await renderStaff('/staff/sign-in', 'th');
    await user.type(await screen.findByLabelText('ชื่อผู้ใช้'), 'malee');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByText(/เซิร์ฟเวอร์เชื่อมต่อฐานข้อมูลไม่ได้/)).toBeInTheDocument();
  });
});
