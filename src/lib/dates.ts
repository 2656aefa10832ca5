import dayjs from 'dayjs';
import 'dayjs/locale/lo';
import 'dayjs/locale/th';
import relativeTime from 'dayjs/plugin/relativeTime';
import { intlLocale } from './i18n';

/**
 * §9 dates and time-ago, with dayjs and its `th`, `lo` and `en` locales (`locale` below is the Intl name,
 * `intlLocale()`: Lao is 'lo'). Times are the device's own, as the member's phone shows them; years are
 * Gregorian and digits Latin in every language. The member screens, the chat and the data-status line
 * import this module, never the sign-in page, and vite.config.ts keeps it out of the shared shell chunk,
 * so dayjs loads with those screens and not on /login.
 */

// gives English its time-ago words (the th and lo locale files carry their own)
dayjs.extend(relativeTime);

type DateInput = Date | string | number;

const parse = (value: DateInput) => {
  const d = dayjs(value);
  return d.isValid() ? d : undefined;
};

/** DD/MM/YYYY HH:mm:ss (§9); '' for a value that is not a date. */
export function formatDateTime(value: DateInput): string {
  return parse(value)?.format('DD/MM/YYYY HH:mm:ss') ?? '';
}

/** HH:mm, 24-hour; '' for a value that is not a date. */
export function formatTime(value: DateInput): string {
  return parse(value)?.format('HH:mm') ?? '';
}

/** The day in words: "8 มีนาคม 2026", "8 ມີນາ 2026", "March 8, 2026" (the th and lo locales' long date, LL). */
export function formatLongDate(value: DateInput, locale = intlLocale()): string {
  return (
    parse(value)
      ?.locale(locale)
      .format(locale === 'en' ? 'MMMM D, YYYY' : 'D MMMM YYYY') ?? ''
  );
}

/** The local calendar day of a date, to put a separator where it changes; undefined for a value that is not a date. */
export function dayKey(value: DateInput): string | undefined {
  return parse(value)?.format('YYYY-MM-DD');
}

/** How many calendar days before `now` (0 today, 1 yesterday), counted in local days, not 24-hour spans. */
export function daysAgo(value: DateInput, now: DateInput = Date.now()): number | undefined {
  const d = parse(value);
  // rounded: a day with a daylight-saving change is 23 or 25 hours long
  return d && Math.round(dayjs(now).startOf('day').diff(d.startOf('day'), 'day', true));
}

/** §9 time-ago units, largest first: the relativeTime words for one and for more, and the unit's seconds. */
const UNITS = [
  ['y', 'yy', 365 * 86_400],
  ['M', 'MM', 30 * 86_400],
  ['d', 'dd', 86_400],
  ['h', 'hh', 3_600],
  ['m', 'mm', 60],
  ['s1', 'ss', 1],
] as const;
/** dayjs's locales stop at "a few seconds" (their `s`); §9 counts seconds. */
const SECONDS: Record<string, { s1: string; ss: string }> = {
  en: { s1: 'a second', ss: '%d seconds' },
  th: { s1: '1 วินาที', ss: '%d วินาที' },
  lo: { s1: '1 ວິນາທີ', ss: '%d ວິນາທີ' },
};

/**
 * §9 time-ago in the member's language: the largest whole unit of year (365 days), month (30 days), day,
 * hour, minute and second, in the words of dayjs's relativeTime for that language (dayjs itself would
 * count calendar months, so the unit is picked here). Under a second, or from a device clock a little
 * behind the server's: "a few seconds ago".
 */
export function timeAgo(value: DateInput, now: DateInput = Date.now(), locale = intlLocale()): string {
  const d = parse(value);
  if (!d) return '';
  // locale is one of th, lo, en, each loaded above
  const words = { ...dayjs.Ls[locale]?.relativeTime, ...SECONDS[locale] };
  const seconds = Math.floor(dayjs(now).diff(d) / 1000);
  const unit = UNITS.find(([, , size]) => seconds >= size);
  const n = unit ? Math.floor(seconds / unit[2]) : 0;
  const text = unit ? (n === 1 ? words[unit[0]] : words[unit[1]])?.replace('%d', String(n)) : words.s;
  return (words.past ?? '%s ago').replace('%s', text ?? '');
}
