import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('the keys inside a dialog', () => {
  it('Tab and Shift+Tab go round its own controls, past a hidden file field, never to the page behind', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Sign out</button>
        <Modal title="Deposit" onClose={() => undefined} closeLabel="Close">
          <input aria-label="Amount" />
          <button type="button">Choose the slip</button>
          <input type="file" hidden aria-label="Slip file" />
        </Modal>
      </>,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    const choose = screen.getByRole('button', { name: 'Choose the slip' });
    choose.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(choose).toHaveFocus();
    // focus that was put outside comes back in with the next Tab
    screen.getByRole('button', { name: 'Sign out' }).focus();
    await user.tab();
    expect(close).toHaveFocus();
  });
});

describe('a body that scrolls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is a tab stop while it overflows with nothing focusable inside, measured when its content resizes', () => {
    // jsdom lays nothing out: the body's heights and the resize notifications are the test's
    let resized = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    let contentHeight = 100;
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => contentHeight);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    render(
      <Modal title="Terms" onClose={vi.fn()} closeLabel="Close">
        <p>Long terms</p>
      </Modal>,
    );
    const body = screen.getByText('Long terms').closest('.modal-body')!;
    expect(body).not.toHaveAttribute('tabindex');
    contentHeight = 900;
    act(() => resized());
    expect(body).toHaveAttribute('tabindex', '0');
    contentHeight = 100;
    act(() => resized());
    expect(body).not.toHaveAttribute('tabindex');
  });
});
