import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
// the signed-in shell registers these sentences for every screen inside it
import '../../lib/member/member-errors';
import { ChangePasswordModal } from './change-password-modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <ChangePasswordModal onClose={() => setOpen(false)} />}
    </>
  );
}

describe('change-password modal', () => {
  beforeEach(() => setLocale('en'));

  it('keeps focus inside while open and returns it to the opener on close', async () => {
    fakeServer({});
    renderScreen(<Harness />);
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });

  it('does not submit with an empty field, and says when the new passwords differ', async () => {
    const calls = fakeServer({});
    renderScreen(<Harness />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'open' }));
    await user.type(screen.getByLabelText('Current password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'newsecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newsecret2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The new passwords are not the same.');
    expect(calls).toEqual([]);
  });

  it('opens an alert titled with the server’s message on failure, and closes with a toast on success', async () => {
    let answer: [number, unknown] = [400, { message: 'WRONG_PASSWORD' }];
    const calls = fakeServer({ 'PUT /api/account/changepwd': () => answer });
    renderScreen(<Harness />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'open' }));
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'newsecret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'newsecret1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog', { name: 'The current password is incorrect.' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    answer = [200, { message: 'SUCCESS' }];
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.at(-1)?.body).toEqual({ oldPassword: 'wrong-one', newPassword: 'newsecret1' });
  });
});
