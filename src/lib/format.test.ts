import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from './format';

describe('§9 formats', () => {
  it('shows money with 2 decimals and grouping, Latin digits in every language', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-20)).toBe('-20.00');
    expect(formatMoney(1000000.005, 'th')).toBe('1,000,000.01');
    expect(formatMoney(99.999, 'lo')).toMatch(/^100[.,]00$/);
  });

  it('shows date and time as DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('05/01/2026 07:08:09');
    expect(formatDateTime(new Date(2026, 10, 22, 23, 59, 0).getTime())).toBe('22/11/2026 23:59:00');
    expect(formatDateTime('not a date')).toBe('');
  });
});
