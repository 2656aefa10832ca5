import { afterEach, describe, expect, it } from 'vitest';
import { dayKey, daysAgo, formatDateTime, formatLongDate, formatTime, timeAgo } from './dates';
import { activateLocale } from './i18n';

describe('§9 dates', () => {
  afterEach(() => activateLocale('en', false));

  it('shows date and time as DD/MM/YYYY HH:mm:ss, Gregorian years and Latin digits in every language', async () => {
    for (const locale of ['th', 'la', 'en'] as const) {
      await activateLocale(locale, false);
      expect(formatDateTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('05/01/2026 07:08:09');
      expect(formatDateTime(new Date(2026, 10, 22, 23, 59, 0).getTime())).toBe('22/11/2026 23:59:00');
      expect(formatTime(new Date(2026, 10, 22, 7, 5, 30).toISOString())).toBe('07:05');
    }
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });

  it('names the day in the language shown', async () => {
    const day = new Date(2026, 2, 8, 9, 5);
    expect(formatLongDate(day, 'th')).toBe('8 มีนาคม 2026');
    expect(formatLongDate(day, 'lo')).toBe('8 ມີນາ 2026');
    expect(formatLongDate(day, 'en')).toBe('March 8, 2026');
    await activateLocale('la', false);
    expect(formatLongDate(day)).toBe('8 ມີນາ 2026');
    expect(formatLongDate('not a date')).toBe('');
  });

  it('counts calendar days, not 24-hour spans', () => {
    const now = new Date(2026, 2, 10, 0, 1);
    expect(daysAgo(new Date(2026, 2, 10, 0, 0), now)).toBe(0);
    expect(daysAgo(new Date(2026, 2, 9, 23, 59), now)).toBe(1);
    expect(daysAgo(new Date(2026, 2, 8, 0, 2), now)).toBe(2);
    expect(daysAgo('not a date', now)).toBeUndefined();
    expect(dayKey(new Date(2026, 2, 9, 23, 59))).toBe('2026-03-09');
    expect(dayKey(new Date(2026, 2, 10, 0, 0))).not.toBe(dayKey(new Date(2026, 2, 9, 23, 59)));
  });
});

describe('§9 time-ago', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const ago = (seconds: number, locale: string) => timeAgo(now - seconds * 1000, now, locale);

  it('uses the largest whole unit, with 30-day months and 365-day years', () => {
    expect(ago(0, 'en')).toBe('a few seconds ago');
    expect(ago(-5, 'en')).toBe('a few seconds ago'); // a device clock a little behind the server's
    expect(ago(1, 'en')).toBe('a second ago');
    expect(ago(59, 'en')).toBe('59 seconds ago');
    expect(ago(60, 'en')).toBe('a minute ago');
    expect(ago(37 * 60, 'en')).toBe('37 minutes ago');
    expect(ago(3 * 3600 + 59, 'en')).toBe('3 hours ago');
    expect(ago(29 * 86_400, 'en')).toBe('29 days ago');
    expect(ago(30 * 86_400, 'en')).toBe('a month ago');
    expect(ago(60 * 86_400, 'en')).toBe('2 months ago'); // 23 September to 22 November: under 2 calendar months
    expect(ago(360 * 86_400, 'en')).toBe('12 months ago'); // under 12 calendar months, under a 365-day year
    expect(ago(800 * 86_400, 'en')).toBe('2 years ago');
    expect(timeAgo('not a date', now, 'en')).toBe('');
  });

  it('writes Thai in Thai and Lao in Lao', () => {
    expect(ago(0, 'th')).toBe('ไม่กี่วินาทีที่แล้ว');
    expect(ago(5, 'th')).toBe('5 วินาทีที่แล้ว');
    expect(ago(37 * 60, 'th')).toBe('37 นาทีที่แล้ว');
    expect(ago(86_400, 'th')).toBe('1 วันที่แล้ว');
    expect(ago(800 * 86_400, 'th')).toBe('2 ปีที่แล้ว');
    expect(ago(0, 'lo')).toBe('ບໍ່ເທົ່າໃດວິນາທີຜ່ານມາ');
    expect(ago(5, 'lo')).toBe('5 ວິນາທີຜ່ານມາ');
    expect(ago(37 * 60, 'lo')).toBe('37 ນາທີຜ່ານມາ');
    expect(ago(2 * 3600, 'lo')).toBe('2 ຊົ່ວໂມງຜ່ານມາ');
    expect(ago(65 * 86_400, 'lo')).toBe('2 ເດືອນຜ່ານມາ');
  });

  it('follows the language in use', async () => {
    await activateLocale('la', false);
    expect(timeAgo(now - 37 * 60_000, now)).toBe('37 ນາທີຜ່ານມາ');
    await activateLocale('th', false);
    expect(timeAgo(now - 37 * 60_000, now)).toBe('37 นาทีที่แล้ว');
    await activateLocale('en', false);
  });
});
