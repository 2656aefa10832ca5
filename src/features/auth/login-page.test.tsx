import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { EARLY_PENDING_EVENT } from '../../lib/early-events';
import { LoginPage } from './login-page';

describe('login', () => {
  beforeEach(() => setLocale('en'));

  it('shows a wrong-credential error inline and clears it when the member types', async () => {
    fakeServer({ 'POST /api/login': () => [401, { message: 'WRONG_CREDENTIAL' }] });
    const onSignedIn = vi.fn();
    renderScreen(<LoginPage onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect phone number or password.');
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('stores the token for this tab only when remember is off', async () => {
    const calls = fakeServer({ 'POST /api/login': () => [200, { token: 'tok-9' }] });
    const onSignedIn = vi.fn();
    renderScreen(<LoginPage onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByLabelText('Remember me on this device'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.url === '/api/login')?.body).toEqual({ username: '0812345678', password: 'demo1234' });
    // the device id the server recognises this device by: kept, and the same on the next sign-in
    const sent = calls.find((c) => c.url === '/api/login')?.headers['X-Device-Id'];
    expect(sent).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(localStorage.getItem('device-id')).toBe(sent);
    expect(sessionStorage.getItem('token')).toBe('tok-9');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('tells the route as a complete sign-in is sent (so the next screen loads meanwhile), not for an empty form', async () => {
    fakeServer({ 'POST /api/login': () => [200, { token: 'tok-1' }] });
    const onSubmitting = vi.fn();
    const onSignedIn = vi.fn();
    renderScreen(<LoginPage onSignedIn={onSignedIn} onSubmitting={onSubmitting} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmitting).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(onSubmitting).toHaveBeenCalledOnce();
  });

  it('waits while a sign-in the pre-rendered form sent is on its way: one press is one sign-in', async () => {
    const calls = fakeServer({ 'POST /api/login': () => [200, { token: 'tok-2' }] });
    renderScreen(<LoginPage onSignedIn={() => undefined} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    act(() => void document.dispatchEvent(new CustomEvent(EARLY_PENDING_EVENT, { detail: true })));
    const waiting = screen.getByRole('button', { name: 'Signing in…' });
    expect(waiting).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(calls.filter((c) => c.url === '/api/login')).toEqual([]);
    // its answer came (refused, say): the form is the member's again
    act(() => void document.dispatchEvent(new CustomEvent(EARLY_PENDING_EVENT, { detail: false })));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('speaks Thai when Thai is chosen', async () => {
    await setLocale('th');
    renderScreen(<LoginPage onSignedIn={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect(screen.getByLabelText('เบอร์โทรศัพท์')).toBeTruthy();
  });

  it('fills in the phone it is given (after registering or a new password) and offers a forgotten password', async () => {
    renderScreen(<LoginPage onSignedIn={vi.fn()} phone="0812345678" />);
    expect(await screen.findByLabelText('Phone number')).toHaveValue('0812345678');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
