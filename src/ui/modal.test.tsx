import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Nested({ onOuterClose }: { onOuterClose: () => void }) {
  const [alert, setAlert] = useState(false);
  return (
    <Modal title="Change password" onClose={onOuterClose} closeLabel="Close">
      <input aria-label="Current password" defaultValue="typed" />
      <button type="button" onClick={() => setAlert(true)}>
        Save
      </button>
      {alert && (
        <Modal title="Wrong password" onClose={() => setAlert(false)} closeLabel="Close alert">
          <p>The current password is incorrect.</p>
        </Modal>
      )}
    </Modal>
  );
}

describe('dialogs over dialogs', () => {
  it('Escape closes only the topmost, and the keys go back to the one below', async () => {
    const user = userEvent.setup();
    const onOuterClose = vi.fn();
    render(<Nested onOuterClose={onOuterClose} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'Wrong password' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Wrong password' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('typed');
    expect(onOuterClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOuterClose).toHaveBeenCalledTimes(1);
  });
});
