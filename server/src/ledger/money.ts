import { badRequest } from '../lib/errors.js';

export type Currency = 'BAHT' | 'LAK';
/** What a ledger account counts: money in a currency, or spin-wheel coins (whole coins, their own currency). */
export type LedgerCurrency = Currency | 'COIN';

/** Minor units per major unit: satang for baht; kip has no minor unit in use. */
export const MINOR: Record<Currency, number> = { BAHT: 100, LAK: 1 };
/** The decimals a major amount is written with: 2 for baht, none for kip (log10 of MINOR). */
export const DECIMALS = { BAHT: Math.log10(MINOR.BAHT), LAK: Math.log10(MINOR.LAK) } satisfies Record<Currency, number>;

/**
 * A wire amount (a number in the member's currency, at most 2 decimals for baht, whole kip) to integer
 * minor units. Anything else, NaN, infinities or more decimals, is refused: money never rounds silently.
 * The amount is exact when the minor units divided back give the very number that came: division is
 * correctly rounded, so 10010 / 100 is the number JSON's 100.1 parses to, and 100.00000001 (which a
 * tolerance of a millionth of a satang took for 100) is none.
 */
export function toMinor(amount: number, currency: Currency): number {
  const minor = Math.round(amount * MINOR[currency]);
  if (!Number.isFinite(amount) || !Number.isSafeInteger(minor) || minor / MINOR[currency] !== amount) throw badRequest('KEY_INVALID');
  return minor;
}

export const toMajor = (minor: number, currency: Currency): number => minor / MINOR[currency];

/** The currency's ISO 4217 code, as banks and gateways write it. */
export const ISO_CODE: Record<Currency, string> = { BAHT: 'THB', LAK: 'LAK' };

/** Minor units of one currency in another (satang and kip) at `kipPerBaht`, rounded down. */
export function convert(minor: number, from: Currency, to: Currency, kipPerBaht: number): number {
  if (from === to || minor === 0) return minor;
  return from === 'BAHT' ? Math.floor((minor * kipPerBaht) / MINOR.BAHT) : Math.floor((minor * MINOR.BAHT) / kipPerBaht);
}
