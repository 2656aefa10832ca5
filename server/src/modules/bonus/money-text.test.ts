import { describe, expect, it } from 'vitest';
import { badMoneyPlaceholder, inMemberMoney } from './money-text.js';

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

describe("an operator's money placeholders", () => {
  it('names the first one members would read as braces, in any language', () => {
    expect(badMoneyPlaceholder('Deposit {money:180000} or {money:99.5} and get {percentFail}%')).toBeUndefined();
    expect(badMoneyPlaceholder({ th: 'ฝาก {money:100}', en: 'Deposit {money:100}' })).toBeUndefined();
    expect(badMoneyPlaceholder(undefined)).toBeUndefined();
    expect(badMoneyPlaceholder('Win {money:abc}')).toBe('{money:abc}');
    expect(badMoneyPlaceholder('Win {money: 50} now')).toBe('{money: 50}');
    expect(badMoneyPlaceholder('Win {money:50')).toBe('{money:50');
    expect(badMoneyPlaceholder('Win {Money:50}')).toBe('{Money:50}');
    expect(badMoneyPlaceholder('Win {money:1.234}')).toBe('{money:1.234}');
    expect(badMoneyPlaceholder({ th: 'ได้ {money:50}', la: 'ໄດ້ {money:}' })).toBe('{money:}');
    expect(badMoneyPlaceholder({ th: 'ได้ {money:50}', en: 'Win {money:fifty}' })).toBe('{money:fifty}');
  });
});
