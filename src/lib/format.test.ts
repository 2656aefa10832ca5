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
});
