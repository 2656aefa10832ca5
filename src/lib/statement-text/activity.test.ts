import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadCatalogPart } from '../i18n';
import { activityText, movedNoMoney, statusText, type Statement } from './activity';

const row = (s: Partial<Statement>): Statement => ({
  _id: 1,
  statementType: 'deposit',
  status: 'SUCCESS',
  from: 'OPERATOR',
  to: 'WALLET',
  amount: 100,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...s,
});
const pg = { code: 'PG', name: 'PG Soft' };

beforeAll(() => loadCatalogPart('member'));

describe('statement entries read as sentences', () => {
  it('tells a staff adjustment and a reversal, in Thai and English', async () => {
    await activateLocale('en', false);
    const credit = row({ statementType: 'adjustment', from: 'STAFF', to: 'WALLET' });
    const reversal = row({ statementType: 'adjustment', from: 'WALLET', to: 'REVERSAL', amount: -100 });
    expect([activityText(i18n, credit), activityText(i18n, reversal)]).toEqual([
      'Adjustment by our staff',
      'Reversal of an earlier credit by our staff',
    ]);
    await activateLocale('th', false);
    expect(activityText(i18n, credit)).toBe('ปรับยอดโดยพนักงาน');
  });

  it('names the provider and the bank in English', async () => {
    await activateLocale('en', false);
    expect(activityText(i18n, row({ from: 'SLIP' }))).toBe('Deposit by bank slip');
    expect(activityText(i18n, row({ statementType: 'transfer', from: 'WALLET', to: 'PG', provider: pg }))).toBe('Transfer to PG Soft');
    expect(activityText(i18n, row({ statementType: 'transfer', from: 'PG', to: 'WALLET', provider: pg }))).toBe(
      'Transfer from PG Soft to wallet',
    );
    expect(
      activityText(i18n, row({ statementType: 'withdraw', from: 'WALLET', to: 'BANK', bank: { code: 'SCB', accountNo: '1234567890' } })),
    ).toBe('Withdrawal to SCB 123\u2011456\u20117890');
  });

  it('names where a deposit came from, and what a manual request waits for', async () => {
    await activateLocale('en', false);
    expect(activityText(i18n, row({ from: 'QR_KBANK' }))).toBe('Deposit by KBank QR code');
    expect(activityText(i18n, row({ from: 'QR_WW' }))).toBe('Deposit by TrueMoney QR code');
    expect(activityText(i18n, row({ from: 'TRUELINK' }))).toBe('Deposit by wallet gift link');
    const request = row({ from: 'MANUAL', status: 'PENDING' });
    expect(activityText(i18n, request)).toBe('Deposit request');
    expect(statusText(i18n, request)).toBe('Waiting for our staff to confirm');
    expect(statusText(i18n, { ...request, status: 'FAILED' })).toBe('Not confirmed: nothing was credited');
    expect(statusText(i18n, { ...request, status: 'SUCCESS' })).toBe('Success');
  });

  it('says a rejected withdrawal came back, in Thai and Lao', async () => {
    const rejected = row({ statementType: 'withdraw', status: 'FAILED', amount: -150 });
    await activateLocale('th', false);
    expect(statusText(i18n, rejected)).toBe('ถูกปฏิเสธ: เงินคืนเข้ากระเป๋าแล้ว');
    expect(activityText(i18n, row({ statementType: 'transfer', to: 'PG', provider: pg }))).toBe('โอนเข้า PG Soft');
    await activateLocale('la', false);
    expect(statusText(i18n, rejected)).toBe('ຖືກປະຕິເສດ: ເງິນຄືນເຂົ້າກະເປົາແລ້ວ');
  });
});

describe('bonus entries name the bonus or promotion (§3 Statement)', () => {
  const bonus = (finishReason?: 'TURNOVER' | 'CLEAR' | 'STAFF') => ({
    code: 'FIRST100',
    description: 'First deposit bonus 100%',
    finishReason,
  });
  const promotion = (finishReason?: 'TURNOVER' | 'CLEAR' | 'STAFF') => ({
    code: 'WELCOME50',
    description: '<p>Welcome code: <strong>50&nbsp;baht</strong> free credit.</p><p>Play 5 times the bonus.</p>',
    finishReason,
  });

  it('a received bonus or promotion, with its name or code and the first line of its description', async () => {
    await activateLocale('en', false);
    expect(activityText(i18n, row({ statementType: 'bonus', from: 'BONUS', bonus: bonus() }))).toBe('Bonus: First deposit bonus 100%');
    expect(activityText(i18n, row({ statementType: 'bonus', from: 'PROMOTION', promotion: promotion() }))).toBe(
      'Promotion: WELCOME50 · Welcome code: 50\u00a0baht free credit.',
    );
    expect(activityText(i18n, row({ statementType: 'bonus', promotion: { code: 'NEWYEAR20', description: '' } }))).toBe(
      'Promotion: NEWYEAR20',
    );
    expect(activityText(i18n, row({ statementType: 'bonus' }))).toBe('Bonus');
  });

  it('an ended bonus says why: its turnover was reached, the member cancelled it, or our staff ended it', async () => {
    await activateLocale('en', false);
    const ended = (over: Partial<Statement>) => activityText(i18n, row({ statementType: 'finish_bonus', amount: 0, ...over }));
    expect(ended({ bonus: bonus('TURNOVER') })).toBe('Bonus ended: turnover reached · First deposit bonus 100%');
    expect(ended({ bonus: bonus('CLEAR'), amount: -20 })).toBe('Bonus cancelled · First deposit bonus 100%');
    expect(ended({ promotion: promotion('CLEAR') })).toBe('Promotion cancelled · WELCOME50 · Welcome code: 50\u00a0baht free credit.');
    expect(ended({ promotion: promotion('TURNOVER') })).toBe(
      'Promotion ended: turnover reached · WELCOME50 · Welcome code: 50\u00a0baht free credit.',
    );
    expect(ended({})).toBe('Bonus ended');
    expect(ended({ bonus: bonus('STAFF') })).toBe('Bonus ended by our staff · First deposit bonus 100%');
    expect(ended({ promotion: promotion('STAFF') })).toBe(
      'Promotion ended by our staff · WELCOME50 · Welcome code: 50\u00a0baht free credit.',
    );
  });

  it('reads in Thai and Lao', async () => {
    const done = row({
      statementType: 'finish_bonus',
      amount: 0,
      bonus: { code: 'DAY', description: 'โบนัสรายวัน 10%', finishReason: 'TURNOVER' },
    });
    await activateLocale('th', false);
    expect(activityText(i18n, done)).toBe('สิ้นสุดโบนัส: ทำเทิร์นโอเวอร์ครบแล้ว · โบนัสรายวัน 10%');
    await activateLocale('la', false);
    expect(activityText(i18n, row({ statementType: 'bonus', promotion: { code: 'WELCOME50', description: '<p>ລະຫັດຕ້ອນຮັບ</p>' } }))).toBe(
      'ໂປຣໂມຊັ່ນ: WELCOME50 · ລະຫັດຕ້ອນຮັບ',
    );
  });

  it('a spin-wheel prize paid out names the wheel and the slice won, before any bonus it gave', async () => {
    const prize = row({
      statementType: 'bonus',
      from: 'LUCKYDRAW',
      luckydraw: { coupon: 7, code: 'CASH100', description: 'Lucky wheel: 100 baht' },
    });
    await activateLocale('en', false);
    expect(activityText(i18n, prize)).toBe('Spin wheel prize · Lucky wheel: 100 baht');
    expect(activityText(i18n, { ...prize, bonus: bonus() })).toBe('Spin wheel prize · Lucky wheel: 100 baht');
    expect(activityText(i18n, row({ statementType: 'bonus', luckydraw: { coupon: 8, code: 'CASH5', description: '' } }))).toBe(
      'Spin wheel prize · CASH5',
    );
  });

  it('only an ended bonus that moved nothing has no figure', () => {
    expect(movedNoMoney(row({ statementType: 'finish_bonus', amount: 0 }))).toBe(true);
    expect(movedNoMoney(row({ statementType: 'finish_bonus', amount: -20 }))).toBe(false);
    expect(movedNoMoney(row({ statementType: 'bonus', amount: 0 }))).toBe(false);
  });
});

describe('invite and cashback money names its programme (§3 Statement related invite/refund)', () => {
  const received = (over: Partial<Statement>) => row({ statementType: 'bonus', amount: 12.5, ...over });

  it('reads as the kind, with the server’s description when it says more', async () => {
    await activateLocale('en', false);
    expect(activityText(i18n, received({ from: 'INVITE', invite: { description: 'Invite bonus' } }))).toBe('Invite bonus');
    expect(activityText(i18n, received({ from: 'INVITE', invite: { description: '<p>Friends of November</p>' } }))).toBe(
      'Invite bonus · Friends of November',
    );
    expect(activityText(i18n, received({ from: 'REFUND', refund: { description: 'Cashback on losses' } }))).toBe(
      'Cashback refund · Cashback on losses',
    );
    expect(activityText(i18n, received({ from: 'REFUND', refund: { description: '' } }))).toBe('Cashback refund');
  });

  it('reads in Thai and Lao, without saying the same words twice', async () => {
    await activateLocale('th', false);
    expect(activityText(i18n, received({ from: 'INVITE', invite: { description: 'โบนัสชวนเพื่อน' } }))).toBe('โบนัสชวนเพื่อน');
    expect(activityText(i18n, received({ from: 'REFUND', refund: { description: 'คืนยอดเสีย' } }))).toBe('คืนยอดเสีย');
    await activateLocale('la', false);
    expect(activityText(i18n, received({ from: 'INVITE', invite: { description: 'ໂບນັດແນະນຳໝູ່' } }))).toBe('ໂບນັດແນະນຳໝູ່');
    expect(activityText(i18n, received({ from: 'REFUND', refund: { description: 'ຄືນຍອດເສຍ' } }))).toBe('ຄືນຍອດເສຍ');
  });
});
