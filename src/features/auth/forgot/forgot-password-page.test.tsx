import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../../tests/render';
import { loadCatalogPart } from '../../../lib/i18n';
import { ForgotPasswordPage } from './forgot-password-page';

const sent = () => [200, { otpRef: 'AB12CD', otpToken: 'reset-token', code: 'OTP_SENT' }] as [number, unknown];

describe('a forgotten password', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('register');
  });

  it('goes phone -> texted code -> new password under the §5 rule, then to sign-in with the phone', async () => {
    const calls = fakeServer({
      'POST /api/password/forgot': sent,
      'POST /api/otp/verify': (body) =>
        (body as { otpCode: string }).otpCode === '123456' ? [200, { message: 'OTP_CODE_VALID' }] : [400, { message: 'OTP_CODE_INVALID' }],
      'POST /api/password/reset': () => [200, { message: 'SUCCESS' }],
    });
    const onDone = vi.fn();
    renderScreen(<ForgotPasswordPage onDone={onDone} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '081234');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The phone number must have 10 digits.');
    await user.type(screen.getByLabelText('Phone number'), '5678');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));

    expect(await screen.findByText(/We sent a 6-digit code to 0812345678/)).toHaveTextContent('Reference: AB12CD');
    await user.type(screen.getByLabelText('OTP code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The OTP is incorrect.');
    await user.clear(screen.getByLabelText('OTP code'));
    await user.type(screen.getByLabelText('OTP code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const password = await screen.findByLabelText('New password');
    await user.type(password, '12345');
    await user.type(screen.getByLabelText('Confirm new password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters.');
    await user.type(password, '6');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match");
    await user.type(screen.getByLabelText('Confirm new password'), '6');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith('0812345678'));
    expect(calls.filter((c) => c.url.startsWith('/api/password/')).map((c) => c.body)).toEqual([
      { phoneNumber: '0812345678' },
      { phoneNumber: '0812345678', otpToken: 'reset-token', newPassword: '123456' },
    ]);
    expect(calls.filter((c) => c.url === '/api/otp/verify').map((c) => c.body)).toEqual([
      { otpToken: 'reset-token', otpCode: '000000' },
      { otpToken: 'reset-token', otpCode: '123456' },
    ]);
  });

  it('sends a member whose code came too late back to the phone, saying why', async () => {
    fakeServer({
      'POST /api/password/forgot': sent,
      'POST /api/otp/verify': () => [200, { message: 'OTP_CODE_VALID' }],
      'POST /api/password/reset': () => [400, { message: 'PASSWORD_RESET_INVALID' }],
    });
    const onDone = vi.fn();
    renderScreen(<ForgotPasswordPage onDone={onDone} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await user.type(await screen.findByLabelText('OTP code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('New password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code can no longer set a password');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0812345678');
    expect(onDone).not.toHaveBeenCalled();

    // the reason follows a change of language, as the rest of the page; so does the phone's own problem
    const toThai = () =>
      act(async () => {
        await setLocale('th');
        await loadCatalogPart('register');
      });
    await toThai();
    expect(screen.getByRole('alert')).toHaveTextContent('รหัสนี้ใช้ตั้งรหัสผ่านไม่ได้แล้ว');
    await act(() => setLocale('en'));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '081');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The phone number must have 10 digits.');
    await toThai();
    expect(screen.getByRole('alert')).toHaveTextContent('เบอร์โทรศัพท์ต้องมี 10 หลัก');
  });
});
