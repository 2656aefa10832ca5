import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('§9 money format', () => {
  it('shows money with 2 decimals and grouping, Latin digits in every language', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-20)).toBe('-20.00');
    expect(formatMoney(1000000.005, 'th')).toBe('1,000,000.01');
    expect(formatMoney(99.999, 'lo')).toMatch(/^100[.,]00$/);
  });

  it('shows kip in whole kip, as the ledger keeps it, in every language', () => {
    expect(formatMoney(200000, 'en', 'LAK')).toBe('200,000');
    expect(formatMoney(200000, 'lo', 'LAK')).toMatch(/^200[.,\s\u202f\u00a0]000$/);
    expect(formatMoney(30000000, 'th', 'LAK')).toBe('30,000,000');
    expect(formatMoney(0, 'en', 'LAK')).toBe('0');
    expect(formatMoney(-600, 'en', 'LAK')).toBe('-600');
    // baht beside it keeps its satang
    expect(formatMoney(200000, 'en', 'BAHT')).toBe('200,000.00');
  });
});
