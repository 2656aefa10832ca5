import { describe, expect, it } from 'vitest';
import { maskAccount, maskedMatches, maskSenderName } from '../../adapters/slip/bank.js';
import { senderMatches, senderNameMatches } from './sender-match.js';

describe('the sender name a bank answers against the member account name', () => {
  // [bank's sender name, the member's registered account names, same person?]
  const cases: [string, string[], boolean][] = [
    ['SOMCHAI JAIDEE', ['SOMCHAI JAIDEE'], true],
    ['นาย สมชาย ใจดี', ['สมชาย ใจดี'], true],
    ['นาย สมชาย ใ', ['สมชาย ใจดี'], true],
    ['นายสมชาย ใจดี', ['สมชาย ใจดี'], true],
    ['นางสาว สมหญิง รักดี', ['สมหญิง รักดี'], true],
    ['น.ส. สมหญิง ร', ['สมหญิง รักดี'], true],
    ['น.ส.สมหญิง รัก', ['สมหญิง รักดี'], true],
    ['นาง สมศรี ท', ['สมศรี ทดสอบ'], true],
    ['ด.ช. ก้องภพ ม', ['ก้องภพ มั่นคง'], true],
    ['ด.ญ. ใบเตย ส', ['ใบเตย สุขใจ'], true],
    ['คุณ สมชาย ใจxxx', ['สมชาย ใจดี'], true],
    ['MR. SOMCHAI J', ['SOMCHAI JAIDEE'], true],
    ['MR.SOMCHAI JAI', ['SOMCHAI JAIDEE'], true],
    ['mr somchai jaidee', ['Somchai  Jaidee'], true],
    ['MRS. MALEE S', ['MALEE SUKSAN'], true],
    ['MS MALEE SUK***', ['MALEE SUKSAN'], true],
    ['MISS MALEE S.', ['MALEE SUKSAN'], true],
    ['  SOMCHAI   JAIDEE  ', ['SOMCHAI JAIDEE'], true],
    ['ＳＯＭＣＨＡＩ ＪＡＩＤＥＥ', ['SOMCHAI JAIDEE'], true],
    // SARA AM typed as NIKHAHIT + SARA AA is the same letter
    ['นาย สมชาย คํา', ['สมชาย คำดี'], true],
    ['ທ້າວ ສົມພອນ ພ', ['ສົມພອນ ພົມມະວົງ'], true],
    ['ທ່ານ ສົມພອນ ພົມ', ['ສົມພອນ ພົມມະວົງ'], true],
    ['ນາງ ມະນີ ສ', ['ມະນີ ສີສຸກ'], true],
    // either of the member's spellings
    ['MR. SOMCHAI J', ['สมชาย ใจดี', 'SOMCHAI JAIDEE'], true],
    // not the same person, or not enough to say so
    ['นาย สมศักดิ์ ใ', ['สมชาย ใจดี'], false],
    ['นาย สมชา ใจดี', ['สมชาย ใจดี'], false],
    ['นาย สมชาย ร', ['สมชาย ใจดี'], false],
    ['นาย สมชาย ใจดีมาก', ['สมชาย ใจดี'], false],
    ['MR. SOMCHAI K', ['SOMCHAI JAIDEE'], false],
    ['MR. SOMSAK J', ['SOMCHAI JAIDEE'], false],
    ['SOMCHAI', ['SOMCHAI JAIDEE'], false],
    ['นาย สมชาย', ['สมชาย ใจดี'], false],
    ['MR. SOMCHAI J', ['สมชาย ใจดี'], false],
    ['', ['สมชาย ใจดี'], false],
    ['นาย', ['สมชาย ใจดี'], false],
    ['xxx xxx', ['สมชาย ใจดี'], false],
    ['SOMCHAI JAIDEE', [''], false],
  ];
  it.each(cases)('%j against %j: %s', (bank, names, same) => {
    expect(senderNameMatches(bank, names)).toBe(same);
  });
});

describe('masked account numbers', () => {
  it.each([
    ['xxx-x-x6789-x', '1234567890', true],
    ['XXX-X-X6789-X', '1234567890', true],
    ['***-*-*6789-*', '1234567890', true],
    ['xxx-x-x6789-0', '1234567890', true],
    ['123-x-xxxxx-0', '1234567890', true],
    ['xxxxxx7890', '1234567890', true],
    // every digit shown must be in its place
    ['xxx-x-x6789-1', '1234567890', false],
    ['xxx-x-x6780-x', '1234567890', false],
    ['9xx-x-x6789-x', '1234567890', false],
    // aligned on the whole number: another length is another account
    ['xxx-x-x6789-x', '123456789012', false],
    ['xx-x-x6789-x', '1234567890', false],
    // fewer than 4 digits shown proves nothing
    ['xxx-x-xx789-x', '1234567890', false],
  ])('%s against %s: %s', (masked, account, same) => {
    expect(maskedMatches(masked, account)).toBe(same);
  });

  it('the sandbox bank masks like a slip and still matches its owner', () => {
    expect(maskAccount('1234567890')).toBe('xxx-x-x6789-x');
    expect(maskSenderName('นาย สมชาย ใจดี')).toBe('นาย สมชาย ใ');
    expect(maskSenderName('SOMCHAI JAIDEE')).toBe('SOMCHAI J');
    const member = { bank_code: 'KBANK', bank_account_no: '1234567890', accountNames: ['SOMCHAI JAIDEE'] };
    expect(senderMatches({ bank: 'KBANK', account: maskAccount('1234567890'), name: maskSenderName('MR. SOMCHAI JAIDEE') }, member)).toBe(
      true,
    );
    // the same visible digits and bank, another person
    expect(senderMatches({ bank: 'KBANK', account: maskAccount('9999678999'), name: 'SOMSRI T' }, member)).toBe(false);
    expect(senderMatches({ bank: 'SCB', account: maskAccount('1234567890'), name: 'SOMCHAI J' }, member)).toBe(false);
  });
});
