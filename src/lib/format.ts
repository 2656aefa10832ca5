/** §9 display formats. `locale` is an Intl locale ('th', 'lo', 'en'). */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Numbers with 2 decimals and grouping: 1,234.50. Digits stay Latin in every locale. */
export function formatMoney(value: number, locale = 'en'): string {
  let f = moneyFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(`${locale}-u-nu-latn`, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(locale, f);
  }
  return f.format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY HH:mm:ss in the device's time zone (Gregorian year, as the spec shows). */
export function formatDateTime(value: Date | string | number): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** The largest whole unit of §9 (year, 30-day month, day, hour, minute, second), e.g. "3 hours ago". */
export function timeAgo(value: Date | string | number, locale = 'en', now: number = Date.now()): string {
  const then = (value instanceof Date ? value : new Date(value)).getTime();
  const seconds = Math.round((now - then) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    const amount = Math.floor(Math.abs(seconds) / size);
    if (amount >= 1) return rtf.format(seconds >= 0 ? -amount : amount, unit);
  }
  return rtf.format(0, 'second');
}
