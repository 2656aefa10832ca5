import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

const UNITS = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * §9 time-ago in the member's language from our own catalogs: browsers' Intl data for Lao is thin
 * (Chromium wrote "-37 min"), so the words are ours. The largest whole unit, 30-day months.
 */
export function timeAgo(i18n: I18n, value: string | number, now = Date.now()): string {
  const seconds = Math.floor((now - new Date(value).getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n < 1) continue;
    switch (unit) {
      case 'year':
        return i18n._(msg`${plural(n, { one: '# year ago', other: '# years ago' })}`);
      case 'month':
        return i18n._(msg`${plural(n, { one: '# month ago', other: '# months ago' })}`);
      case 'day':
        return i18n._(msg`${plural(n, { one: '# day ago', other: '# days ago' })}`);
      case 'hour':
        return i18n._(msg`${plural(n, { one: '# hour ago', other: '# hours ago' })}`);
      case 'minute':
        return i18n._(msg`${plural(n, { one: '# minute ago', other: '# minutes ago' })}`);
      case 'second':
        return i18n._(msg`${plural(n, { one: '# second ago', other: '# seconds ago' })}`);
    }
  }
  return i18n._(msg`just now`); // this second, or a device clock a little behind the server's
}
