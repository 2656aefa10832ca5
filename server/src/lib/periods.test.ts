import { describe, expect, it } from 'vitest';
import { dayStart, periodStart, weekStart } from './periods.js';

const at = (iso: string) => Date.parse(iso);

describe('bonus periods in the operator time zone', () => {
  it('starts a Bangkok day at 17:00 UTC the day before', () => {
    expect(new Date(dayStart(at('2026-11-23T16:59:59Z'), 'Asia/Bangkok')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(new Date(dayStart(at('2026-11-23T17:00:00Z'), 'Asia/Bangkok')).toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  it('starts the week on Monday 00:00, from any day of it, Sunday night included', () => {
    // Monday 2026-11-23 00:00 in Bangkok is 2026-11-22T17:00Z
    for (const t of ['2026-11-22T17:00:00Z', '2026-11-25T09:00:00Z', '2026-11-29T16:59:59Z'])
      expect(new Date(weekStart(at(t), 'Asia/Bangkok')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(new Date(weekStart(at('2026-11-29T17:00:00Z'), 'Asia/Bangkok')).toISOString()).toBe('2026-11-29T17:00:00.000Z');
  });

  it('follows a zone with daylight saving time', () => {
    // Berlin: 2026-03-29 is the Sunday clocks go forward; Monday 2026-03-30 00:00 is 22:00Z on the 29th
    expect(new Date(weekStart(at('2026-04-01T12:00:00Z'), 'Europe/Berlin')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(dayStart(at('2026-03-29T12:00:00Z'), 'Europe/Berlin')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('counts a limit bonus from the beginning', () => {
    expect(periodStart('limit', at('2026-11-25T09:00:00Z'), 'Asia/Bangkok')).toBe(0);
  });
});
