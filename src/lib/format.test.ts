import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, timeAgo } from './format';

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

  it('says how long ago in the largest whole unit, with 30-day months', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const ago = (seconds: number) => timeAgo(now - seconds * 1000, 'en', now);
    expect(ago(0)).toBe('now');
    expect(ago(59)).toBe('59 seconds ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(3 * 3600 + 59)).toBe('3 hours ago');
    expect(ago(86_400)).toBe('yesterday');
    expect(ago(29 * 86_400)).toBe('29 days ago');
    expect(ago(30 * 86_400)).toBe('last month');
    expect(ago(400 * 86_400)).toBe('last year');
    expect(ago(800 * 86_400)).toBe('2 years ago');
    expect(timeAgo(now - 3 * 3600 * 1000, 'th', now)).toBe('3 ชั่วโมงที่ผ่านมา');
  });
});
