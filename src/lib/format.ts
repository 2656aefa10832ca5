/** §9 money format. `locale` is an Intl locale ('th', 'lo', 'en'). Dates and time-ago: dates.ts. */

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
