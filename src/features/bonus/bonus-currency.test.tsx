import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import '../../lib/member/member-errors';
import { loadCatalogPart, type Locale } from '../../lib/i18n';
import { BonusPage } from './bonus-page';
import type { Bonus } from './queries';

// the Lao build (VITE_VARIANT=la): its default currency is kip
vi.mock('../../lib/variant', () => ({ VARIANT: 'la', APP_VERSION: 'test', BUILD_HASH: 'test' }));

/** The weekly bonus as the server lists it to a Lao-site member who holds baht: its words and figures in baht. */
const WEEKLY: Bonus = {
  code: 'WEEKLY100',
  name: 'Weekly bonus',
  type: 'week',
  maxReceived: 2,
  percentFail: 100,
  banners: [],
  html: '<p>Deposit 300 baht or more and get <strong>100 baht</strong>, twice a week.</p>',
  notice: 'Weeks start on Monday.',
  minDeposit: 300,
  turnoverMultiple: 10,
  terms: { amount: 100, turnover: 4000, currency: 'BAHT', refusal: null },
  exhausted: false,
  userBonus: null,
};

const RECEIVE = { en: 'You receive 100.00 baht.', la: 'ທ່ານຈະໄດ້ຮັບ 100,00 ບາດ', th: 'คุณจะได้รับ 100.00 บาท' } as const;

describe('a Lao-site member who holds baht reads the bonus terms in baht', () => {
  beforeEach(() => loadCatalogPart('member'));

  for (const locale of ['en', 'la', 'th'] as Locale[]) {
    it(`before their wallet has answered (${locale})`, async () => {
      await setLocale(locale);
      await loadCatalogPart('member');
      fakeServer({
        'GET /api/bonus': () => [200, { bonuses: [WEEKLY] }],
        'GET /api/bonus/check/active': () => [
          200,
          { status: false, type: null, code: null, amount: null, percentFail: null, turnover: null },
        ],
        // the wallet (and so the member's currency) is not known yet: it never answers here
        'GET /api/wallet': () => new Promise(() => undefined),
      });
      renderScreen(<BonusPage />);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Weekly bonus' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(RECEIVE[locale]);
      expect(dialog.textContent).not.toMatch(/kip|ກີບ|กีบ/);
    });
  }
});
