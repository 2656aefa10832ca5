import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale, testQueryClient } from '../../../tests/render';
import { RegisterPage } from './register-page';

const lookups = (otp: boolean) => ({
  'GET /api/lookup/registerOTP': () => [200, { registerOTP: otp }] as [number, unknown],
  'GET /api/lookup/sources': () => [200, { sources: [{ code: 'LINE', description: 'LINE' }] }] as [number, unknown],
  'GET /api/lookup/banks': () =>
    [
      200,
      {
        banks: [
          { code: 'KBANK', country: 'TH', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', name: 'Kasikornbank' },
          { code: 'KTB', country: 'TH', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', name: 'Krungthai Bank' },
          // the Lao site's banks are not offered on the Thai site
          { code: 'BCEL', country: 'LA', nameTH: 'ธนาคารการค้าต่างประเทศลาว', nameEN: 'BCEL', name: 'BCEL' },
        ],
      },
    ] as [number, unknown],
});

async function fillProfile(user: ReturnType<typeof userEvent.setup>, confirm = 'secret123') {
  await user.type(await screen.findByLabelText('Full name'), 'Somsri Test');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

/** With OTP registration off: renders the page and gets past the phone step with this phone. */
async function pastPhoneStep(phone: string) {
  renderScreen(<RegisterPage inviteCode="" onRegistered={vi.fn()} />);
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByText('Step 1 of 3')).toBeTruthy());
  await user.type(screen.getByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return user;
}

describe('registration', () => {
  beforeEach(() => setLocale('en'));

  it('explains the 10-digit phone rule before calling the server', async () => {
    const calls = fakeServer(lookups(true));
    renderScreen(<RegisterPage inviteCode="" onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '081234');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The phone number must have 10 digits.');
    expect(calls.some((c) => c.url === '/api/otp/send')).toBe(false);
  });

  it('goes phone -> OTP -> profile -> bank, checks each step, and registers', async () => {
    const calls = fakeServer({
      ...lookups(true),
      'POST /api/otp/send': () => [200, { otpRef: 'AB12CD', otpToken: 'otp-token', code: 'OTP_SENT' }],
      'POST /api/otp/verify': (body) =>
        (body as { otpCode: string }).otpCode === '123456' ? [200, { message: 'OTP_CODE_VALID' }] : [400, { message: 'OTP_CODE_INVALID' }],
      'POST /api/account/validate': () => [200, { message: 'OK' }],
      'POST /api/account': () => [201, { message: 'SUCCESS' }],
    });
    const onRegistered = vi.fn();
    renderScreen(<RegisterPage inviteCode="PR1" onRegistered={onRegistered} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0899999999');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('AB12CD')).toBeTruthy();
    await user.type(screen.getByLabelText('OTP code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The OTP is incorrect.');
    await user.clear(screen.getByLabelText('OTP code'));
    await user.type(screen.getByLabelText('OTP code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await fillProfile(user, 'other123');
    expect(await screen.findByRole('alert')).toHaveTextContent("Passwords don't match");
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    expect(screen.getByLabelText('Invite code (optional)')).toHaveValue('PR1');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // the banks are a lookup: chosen once they are listed
    await screen.findByRole('option', { name: /Krungthai Bank/ });
    await user.selectOptions(screen.getByLabelText('Bank'), 'KTB');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    // the account holder's name starts as the profile's full name, for the member to correct
    expect(screen.getByLabelText('First name')).toHaveValue('Somsri');
    expect(screen.getByLabelText('Last name')).toHaveValue('Test');
    // an empty field is said, nothing sent
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the first and last name as they appear on your bank account.');
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'สมศรี');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'ทดสอบ');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bank account name must be in English only.');
    expect(calls.some((c) => c.url === '/api/account')).toBe(false);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), ' somsri ');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'test');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/account')).toBe(true));
    expect(calls.find((c) => c.url === '/api/account')?.body).toEqual({
      name: 'Somsri Test',
      username: '0899999999',
      password: 'secret123',
      sourceCode: '',
      inviteCode: 'PR1',
      bankCode: 'KTB',
      bankAccountName: 'SOMSRI TEST',
      bankAccountNo: '1234567890',
      otpToken: 'otp-token',
    });
    expect(calls.find((c) => c.url === '/api/account/validate')?.body).toMatchObject({
      username: '0899999999',
      bankCode: '',
      otpToken: 'otp-token',
    });
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    // the sign-in page is given the phone, to fill it in
    expect(onRegistered).toHaveBeenCalledWith('0899999999');
  });

  it('skips the OTP step when registerOTP is off', async () => {
    const calls = fakeServer({ ...lookups(false), 'POST /api/account/validate': () => [200, { message: 'OK' }] });
    await pastPhoneStep('0899999999');
    expect(await screen.findByLabelText('Full name')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/otp/send')).toBe(false);
  });

  it('skips the OTP step when going back to a phone this visitor verified, showing its token', async () => {
    const calls = fakeServer({
      ...lookups(true),
      'POST /api/otp/send': (body) =>
        (body as { otpToken?: string }).otpToken === 'otp-token'
          ? [200, { otpRef: 'AB12CD', otpToken: 'otp-token', code: 'OTP_VERIFIED' }]
          : [200, { otpRef: 'AB12CD', otpToken: 'otp-token', code: 'OTP_SENT' }],
      'POST /api/otp/verify': () => [200, { message: 'OTP_CODE_VALID' }],
    });
    renderScreen(<RegisterPage inviteCode="" onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0899999999');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('OTP code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByLabelText('Full name');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Full name')).toBeTruthy();
    const sends = calls.filter((c) => c.url === '/api/otp/send').map((c) => c.body);
    expect(sends).toEqual([{ phoneNumber: '0899999999' }, { phoneNumber: '0899999999', otpToken: 'otp-token' }]);
  });

  it('shows the server’s reason when the profile step is refused', async () => {
    fakeServer({ ...lookups(false), 'POST /api/account/validate': () => [409, { message: 'EXISTING_USER' }] });
    const user = await pastPhoneStep('0812345678');
    await fillProfile(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This phone number is already registered.');
  });

  it('drops control and bidi-override characters from the name as it is typed', async () => {
    const calls = fakeServer({ ...lookups(false), 'POST /api/account/validate': () => [200, { message: 'OK' }] });
    const user = await pastPhoneStep('0899999999');
    const name = await screen.findByLabelText('Full name');
    await user.click(name);
    await user.paste('Som\u0000sri\u202E \u001b[31mTest\u2066');
    expect(name).toHaveValue('Somsri [31mTest');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/account/validate')?.body).toMatchObject({ name: 'Somsri [31mTest' }));
  });

  it('takes only digits in the phone field, as they are typed', async () => {
    fakeServer(lookups(true));
    renderScreen(<RegisterPage inviteCode="" onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone number');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    await user.type(phone, '08a1-2 3x45.6+7');
    expect(phone).toHaveValue('081234567');
  });

  it('sends each step once on a double click, and registers once', async () => {
    const calls = fakeServer({
      ...lookups(true),
      'POST /api/otp/send': () => [200, { otpRef: 'AB12CD', otpToken: 'otp-token', code: 'OTP_SENT' }],
      'POST /api/otp/verify': () => [200, { message: 'OTP_CODE_VALID' }],
      'POST /api/account/validate': () => [200, { message: 'OK' }],
      'POST /api/account': () =>
        calls.filter((c) => c.url === '/api/account').length > 1 ? [409, { message: 'EXISTING_USER' }] : [201, { message: 'SUCCESS' }],
    });
    const onRegistered = vi.fn();
    renderScreen(<RegisterPage inviteCode="" onRegistered={onRegistered} />);
    const user = userEvent.setup();
    const twice = (name: string) => {
      const button = screen.getByRole('button', { name });
      fireEvent.click(button);
      fireEvent.click(button);
    };
    await user.type(await screen.findByLabelText('Phone number'), '0899999999');
    twice('Next');
    await user.type(await screen.findByLabelText('OTP code'), '123456');
    twice('Verify');
    await user.type(await screen.findByLabelText('Full name'), 'Somsri Test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    twice('Next');
    await screen.findByRole('option', { name: /Kasikornbank/ });
    // the Thai site offers Thai banks, KBank and KTB recommended (§5); the Lao site's BCEL is not among them
    expect(
      within(screen.getByLabelText('Bank'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose your bank', 'Kasikornbank (recommended)', 'Krungthai Bank (recommended)']);
    await user.selectOptions(screen.getByLabelText('Bank'), 'KBANK');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    expect(screen.getByLabelText('First name')).toHaveValue('Somsri');
    expect(screen.getByLabelText('Last name')).toHaveValue('Test');
    twice('Register');
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    const count = (url: string) => calls.filter((c) => c.url === url).length;
    expect([count('/api/otp/send'), count('/api/otp/verify'), count('/api/account/validate'), count('/api/account')]).toEqual([1, 1, 1, 1]);
  });

  it('keeps the steps filled so far over a reload, never the password, and forgets them once registered', async () => {
    const calls = fakeServer({
      ...lookups(true),
      'POST /api/otp/send': () => [200, { otpRef: 'AB12CD', otpToken: 'otp-token', code: 'OTP_SENT' }],
      'POST /api/otp/verify': () => [200, { message: 'OTP_CODE_VALID' }],
      'POST /api/account/validate': () => [200, { message: 'OK' }],
      'POST /api/account': () => [201, { message: 'SUCCESS' }],
    });
    const first = renderScreen(<RegisterPage inviteCode="PR1" onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0899999999');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('OTP code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('Full name'), 'Somsri Test');
    await screen.findByRole('option', { name: 'LINE' });
    await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'LINE');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('Bank');
    expect(JSON.stringify(sessionStorage)).not.toContain('secret123');
    first.unmount(); // the reload

    const onRegistered = vi.fn();
    renderScreen(<RegisterPage inviteCode="" onRegistered={onRegistered} />);
    // back on the profile step (the password is needed again), the rest as it was
    expect(await screen.findByText('Step 3 of 4')).toBeTruthy();
    expect(screen.getByLabelText('Full name')).toHaveValue('Somsri Test');
    await waitFor(() => expect(screen.getByLabelText('How did you hear about us?')).toHaveValue('LINE'));
    expect(screen.getByLabelText('Invite code (optional)')).toHaveValue('PR1');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('option', { name: /Kasikornbank/ });
    await user.selectOptions(screen.getByLabelText('Bank'), 'KBANK');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    expect(screen.getByLabelText('First name')).toHaveValue('Somsri');
    expect(screen.getByLabelText('Last name')).toHaveValue('Test');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    // the OTP sent before the reload is what registers the phone
    expect(calls.filter((c) => c.url === '/api/account').map((c) => c.body)).toEqual([
      expect.objectContaining({
        username: '0899999999',
        name: 'Somsri Test',
        sourceCode: 'LINE',
        inviteCode: 'PR1',
        otpToken: 'otp-token',
      }),
    ]);
    expect(sessionStorage.length).toBe(0);
  });

  it('hydrates the pre-rendered page without a mismatch when a reload finds saved steps, then shows them', async () => {
    fakeServer(lookups(true));
    const page = () => (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={testQueryClient()}>
          <RegisterPage inviteCode="" onRegistered={vi.fn()} />
        </QueryClientProvider>
      </I18nProvider>
    );
    // the build pre-renders /register with nothing saved; the member reloads on step 3
    const html = renderToString(page());
    sessionStorage.setItem(
      'register-progress',
      JSON.stringify({ step: 'profile', phone: '0899999999', otp: null, profile: { name: 'Somsri Test', sourceCode: '', inviteCode: '' } }),
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const problems: unknown[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation((...args) => void problems.push(args));
    const root = await act(async () => hydrateRoot(container, page(), { onRecoverableError: (err) => void problems.push(err) }));
    expect(await screen.findByLabelText('Full name')).toHaveValue('Somsri Test');
    expect(problems).toEqual([]);
    logged.mockRestore();
    act(() => root.unmount());
    container.remove();
  });
});
