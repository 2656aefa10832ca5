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
 */
export function toMinor(amount: number, currency: Currency): number {
  const scaled = amount * MINOR[currency];
  const minor = Math.round(scaled);
  if (!Number.isFinite(amount) || Math.abs(scaled - minor) > 1e-6 || !Number.isSafeInteger(minor)) throw badRequest('KEY_INVALID');
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
