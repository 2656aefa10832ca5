/**
 * The lookups that tell a member where to send money, and on what terms (deposit accounts, QR
 * providers, manual deposits, the slip rules). The site asks them afresh each time a screen that shows
 * them opens (src/lib/lookups.ts moneyLookup) and the service worker never answers them from its cache
 * (sw/api-cache.ts): one list for both, with no imports, so each bundle takes only this.
 */
export const MONEY_LOOKUPS = ['deposit', 'slip'] as const;
export type MoneyLookup = (typeof MONEY_LOOKUPS)[number];
