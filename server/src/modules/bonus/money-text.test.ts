import { describe, expect, it } from 'vitest';
import { inMemberMoney } from './money-text.js';

const lao = { currency: 'LAK' as const, kipPerBaht: 600 };
const thai = { currency: 'BAHT' as const, kipPerBaht: 600 };

describe("a bonus text's amounts in the member's currency", () => {
  it('says a kip figure in baht for a baht member of the Lao site, rounded down, and as written for a kip member', () => {
    expect(inMemberMoney('Deposit {money:180000} or more', lao, 'BAHT', 'en')).toBe('Deposit 300 baht or more');
    expect(inMemberMoney('ຮັບ {money:1000}', lao, 'BAHT', 'la')).toBe('ຮັບ 1.66 ບາດ');
    expect(inMemberMoney('ฝาก {money:180000}ขึ้นไป', lao, 'LAK', 'th')).toBe('ฝาก 180,000 กีบขึ้นไป');
  });

  it('keeps the Thai site in baht, with satang only where there are some', () => {
    expect(inMemberMoney('{money:100} / {money:99.5}', thai, 'BAHT', 'en')).toBe('100 baht / 99.50 baht');
  });

  it('leaves any other braces alone', () => {
    expect(inMemberMoney('{percentFail}% {money:} {money:abc}', thai, 'BAHT', 'en')).toBe('{percentFail}% {money:} {money:abc}');
  });
});
