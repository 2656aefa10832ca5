import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderStaff } from '../../../tests/render-staff';
import { queueKey } from '../queues/queue-query';

const ME = { username: 'somchai', role: 'finance', csrfToken: 'csrf-1' };
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const URI = 'otpauth://totp/Wallet:somchai?secret=JBSWY3DPEHPK3PXP&issuer=Wallet';
const unauthorized = () => [401, { message: 'STAFF_UNAUTHORIZED' }] as [number, unknown];

async function signInWith(user: ReturnType<typeof userEvent.setup>, password = 'one-time-pass') {
  await user.type(await screen.findByLabelText('Username'), 'somchai');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** How the console meets a session that ended while it stood idle on a screen. */
const SESSION_ENDS: [string, (queryClient: QueryClient) => Promise<void>][] = [
  // the queue's own refresh (every 30 s: asked now, not waited for)
  ['on the queue’s next refresh', (queryClient) => queryClient.refetchQueries({ queryKey: queueKey('slips') })],
  // the staff member comes back to the tab: every query open asks again at once, and each is refused
  ['on every call of the screen at once', (queryClient) => queryClient.refetchQueries({ type: 'active' })],
];

describe('the staff sign-in', () => {
  it.each(SESSION_ENDS)(
    'opens the screen the staff member was on when the session ended %s, once they sign in again',
    async (_, nextCalls) => {
      const user = userEvent.setup();
      let signedIn = true;
      fakeServer({
        'GET /api/staff/me': () => (signedIn ? [200, ME] : unauthorized()),
        'GET /api/staff/slips': () => (signedIn ? [200, { rows: [] }] : unauthorized()),
        'GET /api/staff/inbox': () => [200, { conversations: [] }],
        'POST /api/staff/auth/sign-in': () => [200, { next: 'totp' }],
        'POST /api/staff/auth/totp': () => ((signedIn = true), [200, { next: 'done', staff: ME }]),
        'GET /api/staff/dashboard': () => [200, { slipsInReview: 0, withdrawalsWaiting: 0, depositRequestsWaiting: 0 }],
      });
      const { router, queryClient } = await renderStaff('/staff/slips?from=mail');
      expect(await screen.findByRole('heading', { name: 'Slips in review' })).toBeInTheDocument();
      // the session ends (idle): the next call is refused and the console goes to its sign-in
      signedIn = false;
      void nextCalls(queryClient);
      expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
      await signInWith(user, 'my own passphrase');
      await user.type(await screen.findByLabelText('6-digit code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByRole('heading', { name: 'Slips in review' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/slips');
      expect(router.state.location.search).toEqual({ from: 'mail' });
    },
  );

  it('takes a first sign-in through its own password and the TOTP enrolment to the dashboard', async () => {
    const user = userEvent.setup();
    const calls = fakeServer({
      'GET /api/staff/me': unauthorized,
      'POST /api/staff/auth/sign-in': () => [200, { next: 'set-password' }],
      'POST /api/staff/auth/password': () => [200, { next: 'enrol-totp', otpauthUri: URI, qrDataUrl: QR }],
      'POST /api/staff/auth/totp': () => [200, { next: 'done', staff: ME }],
      'GET /api/staff/dashboard': () => [200, { slipsInReview: 2, withdrawalsWaiting: 5, depositRequestsWaiting: 0 }],
    });
    await renderStaff('/staff/');
    await signInWith(user);

    // the rule is said before anything is sent, and held before the call
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toHaveFocus();
    // the rule is said before the first try, and each part of it before anything is sent
    expect(
      screen.getByText(/at least 12 characters, at least 6 of them different, without your username or the one-time password/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('New password again'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password needs at least 12 characters.');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), '            ');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password needs at least 6 different characters, not counting spaces.');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'I am SomChai at work');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password must not contain your username.');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long staff phrase');
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'a long staff phrase!');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    expect(calls.filter((c) => c.url === '/api/staff/auth/password')).toHaveLength(0);
    await user.type(screen.getByLabelText('New password'), '!');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));

    // the enrolment: the QR image and the key to type by hand, then the first code
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', QR);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('somchai')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/auth/sign-in', { username: 'somchai', password: 'one-time-pass' }],
      ['/api/staff/auth/password', { newPassword: 'a long staff phrase!' }],
      ['/api/staff/auth/totp', { code: '123456' }],
    ]);
  });

  it('asks a known staff member for the TOTP code, and says in words when it is wrong', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/staff/me': unauthorized,
      'POST /api/staff/auth/sign-in': () => [200, { next: 'totp' }],
      'POST /api/staff/auth/totp': () => [401, { message: 'TOTP_INVALID' }],
    });
    await renderStaff('/staff/sign-in');
    await signInWith(user);
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toHaveFocus();
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Enter the 6 digits your authenticator app shows now.',
    );
    // a wrong code is the step's, not an ended session: the step stays
    expect(screen.getByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
  });

  it('says a refused password in Thai, and starts again when the steps took too long', async () => {
    const user = userEvent.setup();
    let answer: [number, unknown] = [401, { message: 'STAFF_SIGNIN_FAIL' }];
    fakeServer({
      'GET /api/staff/me': unauthorized,
      'POST /api/staff/auth/sign-in': () => answer,
      'POST /api/staff/auth/totp': () => [401, { message: 'STAFF_CHALLENGE_EXPIRED' }],
    });
    await renderStaff('/staff/sign-in', 'th');
    await user.type(await screen.findByLabelText('ชื่อผู้ใช้'), 'somchai');
    await user.type(screen.getByLabelText('รหัสผ่าน'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');

    answer = [200, { next: 'totp' }];
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    await user.type(await screen.findByLabelText('รหัส 6 หลัก'), '123456');
    await user.click(screen.getByRole('button', { name: 'ยืนยัน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('การเข้าสู่ระบบใช้เวลานานเกินไป');
    expect(screen.getByRole('heading', { name: 'เข้าสู่ระบบพนักงาน' })).toHaveFocus();
  });
});
