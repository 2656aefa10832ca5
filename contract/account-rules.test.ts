import { describe, expect, it } from 'vitest';
import {
  accountNameRule,
  accountNoRule,
  formatAccountNo,
  inviterIdFromCode,
  cleanName,
  nameRule,
  normaliseAccountName,
  passwordRule,
  phoneRule,
} from './account-rules.js';

describe('§5 rules shared by the site and the server', () => {
  it('needs exactly 10 digits for a phone outside the Lao build', () => {
    expect(phoneRule('0812345678', 'th')).toBeUndefined();
    for (const bad of ['081234567', '08123456789', '08123456a8', '', '+66812345678']) {
      expect(phoneRule(bad, 'th'), bad).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
    }
    expect(phoneRule('02055512345', 'la')).toBeUndefined();
    expect(phoneRule('20555123', 'la')).toBeUndefined();
    // the Lao rule names what is wrong (it was the catch-all INVALID_USER_INFO)
    for (const bad of ['12ab', '2055512', '85620555123456', '']) {
      expect(phoneRule(bad, 'la'), bad).toBe('PHONE_NUMBER_REQUIRE_8_TO_13_DIGIT');
    }
  });

  it('asks KTB, TMB and BBL for English letters and spaces only', () => {
    for (const bank of ['KTB', 'TMB', 'BBL']) {
      expect(accountNameRule(bank, 'somchai jaidee')).toBeUndefined();
      expect(accountNameRule(bank, 'สมชาย ใจดี')).toBe('BANK_ACCOUNT_NAME_ENG');
      expect(accountNameRule(bank, 'SOMCHAI J.')).toBe('BANK_ACCOUNT_NAME_ENG');
    }
    expect(accountNameRule('KBANK', 'สมชาย ใจดี')).toBeUndefined();
    expect(accountNameRule('BCEL', 'ສົມໃຈ ດີ')).toBeUndefined();
    expect(accountNameRule('KBANK', '   ')).toBe('INVALID_USER_INFO');
    expect(accountNameRule('KBANK', 'x<script>')).toBe('INVALID_USER_INFO');
  });

  it('trims, collapses spaces and upper-cases account names', () => {
    expect(normaliseAccountName('  somchai   jaidee ')).toBe('SOMCHAI JAIDEE');
    expect(normaliseAccountName('สมชาย ใจดี')).toBe('สมชาย ใจดี');
  });

  it('checks passwords, names and account numbers', () => {
    expect(passwordRule('12345')).toBe('INVALID_USER_INFO');
    expect(passwordRule('123456')).toBeUndefined();
    expect(nameRule('  ')).toBe('INVALID_USER_INFO');
    expect(nameRule('Somchai')).toBeUndefined();
    expect(accountNoRule('1234567890')).toBeUndefined();
    expect(accountNoRule('123-456')).toBe('INVALID_USER_INFO');
  });

  it('reads PR invite codes', () => {
    expect(inviterIdFromCode('PR1001')).toBe(1001);
    expect(inviterIdFromCode(' pr7 ')).toBe(7);
    expect(inviterIdFromCode('XX1')).toBeUndefined();
    expect(inviterIdFromCode('PR')).toBeUndefined();
  });

  it('groups an account number 3-3-rest only when it has exactly 10 characters', () => {
    expect(formatAccountNo('1234567890')).toBe('123-456-7890');
    expect(formatAccountNo('123456789')).toBe('123456789');
    expect(formatAccountNo('1234567890123')).toBe('1234567890123');
  });

  it('strips control and bidi-control characters from names, keeping Thai and Lao marks', () => {
    expect(cleanName('\u0000 สมศรี\u202E\u2067 ທົດ\u001b[0m\u200F ')).toBe('สมศรี ທົດ[0m');
    expect(nameRule('\u202E\u0000 ')).toBe('INVALID_USER_INFO');
    expect(cleanName('ก้อง ຫຼວງ')).toBe('ก้อง ຫຼວງ');
  });
});
