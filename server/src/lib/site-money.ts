import type { Config } from '../config.js';
import { convert, MINOR, type Currency } from '../ledger/money.js';

/**
 * Bonus figures (amounts, minimum deposits, budgets, the cancel threshold) are written in the site's
 * currency: baht, or kip on the Lao site. A Lao-site member who chose baht gets them converted at the
 * bonus setting's `kipPerBaht`, rounded down, so nobody gets 600 times a bonus.
 */
export interface SiteMoney {
  currency: Currency;
  kipPerBaht: number;
}

export const siteCurrency = (config: Pick<Config, 'variant'>): Currency => (config.variant === 'la' ? 'LAK' : 'BAHT');

export function siteMoney(config: Pick<Config, 'variant'>, bonus: { kipPerBaht?: number }): SiteMoney {
  return { currency: siteCurrency(config), kipPerBaht: bonus.kipPerBaht ?? 600 };
}

/** A setting written in the site's major unit (the cancel threshold) as minor units of the member's currency. */
export const settingToMember = (major: number, site: SiteMoney, member: Currency) =>
  convert(Math.round(major * MINOR[site.currency]), site.currency, member, site.kipPerBaht);
