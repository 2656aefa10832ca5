/** §9 money format. `locale` is an Intl locale ('th', 'lo', 'en'). Dates and time-ago: dates.ts. */

export type MoneyCurrency = 'BAHT' | 'LAK';

/** Decimals shown per currency: satang for baht; kip is kept and shown in whole kip (the ledger has no fraction of one). */
export const MONEY_DECIMALS: Record<MoneyCurrency, number> = { BAHT: 2, LAK: 0 };

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Numbers with grouping, Latin digits in every locale: baht with 2 decimals (1,234.50), kip whole
 * (200,000). Callers on member screens take it from useMoneyWords, which knows the member's currency.
 */
export function formatMoney(value: number, locale = 'en', currency: MoneyCurrency = 'BAHT'): string {
  const key = `${locale}:${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    const digits = MONEY_DECIMALS[currency];
    f = new Intl.NumberFormat(`${locale}-u-nu-latn`, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(key, f);
  }
  return f.format(value);
}
