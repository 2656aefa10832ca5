import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import { applyMemberEvent } from '../../lib/member/live-cache';
import { BonusPage } from './bonus-page';
import type { Bonus } from './queries';

const DAILY = (refusal: string | null): Bonus => ({
  code: 'DAILY10',
  name: 'Daily bonus',
  type: 'day',
  maxReceived: 1,
  percentFail: 100,
  banners: [],
  html: '<p>10% of your first deposit of the day.</p>',
  notice: '',
  minDeposit: 100,
  turnoverMultiple: 5,
  terms: { amount: 30, turnover: 1650, currency: 'BAHT', refusal },
  exhausted: false,
  userBonus: null,
});

describe('the bonus page while money moves', () => {
  beforeEach(() => loadCatalogPart('member'));

  it('offers the daily bonus as soon as a deposit is credited, the page staying open', async () => {
    await setLocale('en');
    await loadCatalogPart('member');
    let deposited = false;
    fakeServer({
      'GET /api/bonus': () => [200, { bonuses: [DAILY(deposited ? null : 'BONUS_WITHDRAWN_SINCE')] }],
      'GET /api/bonus/check/active': () => [
        200,
        { status: false, type: null, code: null, amount: null, percentFail: null, turnover: null },
      ],
      'GET /api/wallet': () => new Promise(() => undefined),
      'GET /api/statement': () => new Promise(() => undefined),
    });
    const { queryClient } = renderScreen(<BonusPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Daily bonus' }));
    const dialog = await screen.findByRole('dialog');
    const receive = within(dialog).getByRole('button', { name: 'Receive bonus' });
    expect(receive).toBeDisabled();
    expect(dialog).toHaveTextContent('You asked for a withdrawal after your latest deposit');

    deposited = true;
    act(() => applyMemberEvent(queryClient, { kind: 'credit', source: 'SLIP', amount: 300 }));
    await within(dialog).findByText(/You receive 30\.00 baht/);
    expect(receive).toBeEnabled();
  });
});
