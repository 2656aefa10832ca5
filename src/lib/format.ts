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
