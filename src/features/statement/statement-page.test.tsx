import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { loadCatalogPart } from '../../lib/i18n';
import type { Statement } from '../../lib/statement-text/activity';
import { StatementPage } from './statement-page';

const entry = (s: Partial<Statement>): Statement => ({
  _id: 1,
  statementType: 'finish_bonus',
  status: 'SUCCESS',
  from: 'BONUS',
  to: 'WALLET',
  amount: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...s,
});

describe('the statement page', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('asks in the member’s language; an ended bonus that moved nothing shows no figure, a forfeited part shows as money out', async () => {
    const calls = fakeServer({
      'POST /api/statement': () => [
        200,
        {
          total: 3,
          statements: [
            entry({ _id: 3, bonus: { code: 'DAY', description: 'Daily bonus 10%', finishReason: 'TURNOVER' } }),
            entry({ _id: 2, amount: -20, bonus: { code: 'FIRST100', description: 'First deposit bonus 100%', finishReason: 'CLEAR' } }),
            entry({ _id: 1, statementType: 'bonus', amount: 100, bonus: { code: 'FIRST100', description: 'First deposit bonus 100%' } }),
          ],
        },
      ],
    });
    renderScreen(<StatementPage SlipModal={() => null} />);
    const turnover = (await screen.findByText('Bonus ended: turnover reached · Daily bonus 10%')).closest('li')!;
    expect(within(turnover).getByText('No money moved')).toBeInTheDocument();
    expect(turnover.querySelector('.statement-amount')).toHaveTextContent(/^—No money moved$/);
    const cancelled = screen.getByText('Bonus cancelled · First deposit bonus 100%').closest('li')!;
    expect(cancelled.querySelector('.statement-amount')).toHaveClass('out');
    expect(cancelled.querySelector('.statement-amount')).toHaveTextContent(/^-20\.00$/);
    const received = screen.getByText('Bonus: First deposit bonus 100%').closest('li')!;
    expect(received.querySelector('.statement-amount')).toHaveTextContent(/^\+100\.00$/);
    // (the wallet is asked too: amounts are shown in the member's currency)
    expect(calls.find((c) => c.url.startsWith('/api/statement'))).toMatchObject({
      url: '/api/statement?lang=en',
      body: { page: 1, limit: 10 },
    });
  });

  it("names a withdrawal's bank as the other screens do, in the member's language", async () => {
    await setLocale('th');
    await loadCatalogPart('member');
    const withdrawal = entry({
      statementType: 'withdraw',
      from: 'WALLET',
      to: 'BANK',
      amount: -500,
      bank: { code: 'KBANK', accountNo: '1234567890' },
    });
    fakeServer({
      'POST /api/statement': () => [200, { total: 1, statements: [withdrawal] }],
      'GET /api/lookup/banks?lang=th': () => [
        200,
        { banks: [{ code: 'KBANK', country: 'TH', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', name: 'ธนาคารกสิกรไทย' }] },
      ],
    });
    renderScreen(<StatementPage SlipModal={() => null} />);
    expect(await screen.findByText('ถอนเงินเข้า ธนาคารกสิกรไทย 123\u2011456\u20117890')).toBeVisible();
    expect(screen.queryByText(/KBANK/)).toBeNull();
  });

  it('says why a rejected withdrawal was rejected, in the member’s language; one rejected before reasons were told says no more', async () => {
    await setLocale('la');
    await loadCatalogPart('member');
    const rejected = (id: number, more: object) =>
      entry({ _id: id, statementType: 'withdraw', status: 'FAILED', from: 'WALLET', to: 'BANK', amount: -500, ...more });
    fakeServer({
      'POST /api/statement': () => [
        200,
        { total: 2, statements: [rejected(2, { rejectReason: 'WITHDRAW_NAME_MISMATCH' }), rejected(1, {})] },
      ],
    });
    renderScreen(<StatementPage SlipModal={() => null} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('ຊື່ບັນຊີທະນາຄານຂອງທ່ານບໍ່ກົງກັບຊື່ທີ່ລົງທະບຽນໄວ້ ກະລຸນາຕິດຕໍ່ພະນັກງານ');
    expect(rows[1]!.querySelector('.statement-reason')).toBeNull();
  });

  describe('dates', () => {
    afterEach(() => vi.useRealTimers());

    it('shows each row’s date as DD/MM/YYYY HH:mm:ss and how long ago in the member’s language (§9)', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 22, 10, 0, 0));
      fakeServer({
        'POST /api/statement': () => [
          200,
          { total: 1, statements: [entry({ createdAt: new Date(2026, 10, 22, 9, 23, 0).toISOString() })] },
        ],
      });
      await setLocale('la');
      await loadCatalogPart('member');
      const { container } = renderScreen(<StatementPage SlipModal={() => null} />);
      await screen.findByText('37 ນາທີຜ່ານມາ');
      expect(container.querySelector('.statement-time')).toHaveTextContent('22/11/2026 09:23:00 · 37 ນາທີຜ່ານມາ');
    });
  });
});
