import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadCatalogPart } from '../i18n';
import { normaliseAmount, parseAmount } from './money-input';

beforeAll(async () => {
  await loadCatalogPart('member');
  await activateLocale('en', false);
});

describe('amounts as a phone keyboard types them', () => {
  it('understands full-width, Thai and Lao digits and grouping commas', () => {
    expect(parseAmount(i18n, '１５０．５')).toEqual({ ok: true, value: 150.5 });
    expect(parseAmount(i18n, '๑,๒๐๐')).toEqual({ ok: true, value: 1200 });
    expect(parseAmount(i18n, '໒໐໐.໗໕')).toEqual({ ok: true, value: 200.75 });
    expect(normaliseAmount('１,０００．５')).toBe('1000.5');
  });

  it('says what is wrong instead of calling it too small', () => {
    expect(parseAmount(i18n, '100.999')).toEqual({ ok: false, message: 'Use at most 2 decimals, like 100.50.' });
    expect(parseAmount(i18n, '12a')).toEqual({ ok: false, message: 'Enter the amount in digits, like 100 or 100.50.' });
    expect(parseAmount(i18n, '  ')).toEqual({ ok: false, message: 'Please enter an amount.' });
  });
});

describe('amounts in kip', () => {
  it('takes whole kip as typed, with grouping and Lao digits', () => {
    expect(parseAmount(i18n, '200,000', 'LAK')).toEqual({ ok: true, value: 200000 });
    expect(parseAmount(i18n, '໒໐໐໐໐໐', 'LAK')).toEqual({ ok: true, value: 200000 });
  });

  it('refuses a fraction of a kip with its own sentence, never rounding it', () => {
    for (const typed of ['200000.5', '200.000', '100.']) {
      expect(parseAmount(i18n, typed, 'LAK'), typed).toEqual({ ok: false, message: 'Kip has no decimals: enter whole kip, like 200000.' });
    }
    expect(parseAmount(i18n, '12a', 'LAK')).toEqual({ ok: false, message: 'Enter the amount in digits, like 200000.' });
    // baht keeps its satang
    expect(parseAmount(i18n, '200000.5')).toEqual({ ok: true, value: 200000.5 });
  });
});
