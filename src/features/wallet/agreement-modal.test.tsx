import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { WAIT } from '../../../tests/wait';
import { Modal } from '../../ui/modal';
import { AGREEMENT_DELAY_MS, AgreementModal } from './agreement-modal';

/** The home as the member meets it: a deposit button opening its dialog, and the terms the home opens by itself. */
function Home() {
  const [deposit, setDeposit] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setDeposit(true)}>
        Deposit
      </button>
      {deposit && (
        <Modal title="Deposit" onClose={() => setDeposit(false)} closeLabel="Close deposit">
          <label>
            Amount <input />
          </label>
        </Modal>
      )}
      <AgreementModal />
    </>
  );
}

describe('the terms of use (§2 agreement modal)', () => {
  beforeEach(async () => {
    await setLocale('en');
    fakeServer({ 'GET /api/lookup/agreements?lang=en': () => [200, { agreements: ['<p>Play fair.</p>'] }] });
  });
  afterEach(() => vi.useRealTimers());

  it('waits for the deposit the member opened first, then shows once it is closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { queryClient } = renderScreen(<Home />);
    await vi.waitFor(() => expect(queryClient.getQueryData(['lookup', 'agreements', 'en'])).toBeDefined(), WAIT);
    act(() => screen.getByRole('button', { name: 'Deposit' }).click());
    const deposit = screen.getByRole('dialog', { name: 'Deposit' });
    // the terms are due now: the deposit stays the only dialog, the member typing in it undisturbed
    act(() => vi.advanceTimersByTime(AGREEMENT_DELAY_MS));
    vi.useRealTimers();
    expect(screen.getAllByRole('dialog')).toEqual([deposit]);
    expect(deposit).toContainElement(document.activeElement as HTMLElement);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close deposit' }));
    // closed: the terms now, with the focus on accepting them
    const terms = await screen.findByRole('dialog', { name: 'Terms of use' });
    expect(terms).toHaveTextContent('Play fair.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'I accept' })).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Deposit' })).toBeNull();
  });

  it('shows by itself when nothing else is open, and not again once accepted', async () => {
    renderScreen(<Home />);
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Terms of use' });
    await user.click(screen.getByRole('button', { name: 'I accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('remember-agreement')).toBe('true');
  });
});
