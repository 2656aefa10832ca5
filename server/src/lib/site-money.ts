import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { convert, MINOR, toMinor, type Currency } from '../ledger/money.js';

/**
 * Bonus figures (amounts, minimum deposits, budgets, the cancel threshold) are written in the site's
 * currency: baht, or kip on the Lao site. A Lao-site member who chose baht gets them converted at the
 * bonus setting's `kipPerBaht`, rounded down, so nobody gets 600 times a bonus.
 */
export interface SiteMoney {
  currency: Currency;
  kipPerBaht: number;
}

/** bonus.kipPerBaht's default: the rate every seeded kip figure of the Lao site was written at. */
export const DEFAULT_KIP_PER_BAHT = 600;

/**
 * A seeded money figure chosen in baht, in the site's currency: the same on the Thai site, kip at
 * DEFAULT_KIP_PER_BAHT on the Lao site. Every seeded amount (limits, minimums, bonuses, prizes) goes
 * through it, so no limit stays in baht figures on a kip site (50,000 kip, about 80 baht, was one).
 */
export const seedFigure = (lao: boolean, baht: number): number => (lao ? baht * DEFAULT_KIP_PER_BAHT : baht);

/** seedFigure in minor units of the site's currency, as a seeded bonus stores its amounts. */
export const seedMinor = (lao: boolean, baht: number): number => toMinor(seedFigure(lao, baht), lao ? 'LAK' : 'BAHT');

/** Quick amounts offered where the `withdraw` setting names none: round numbers of each currency. */
export const QUICK_AMOUNTS: Record<Currency, number[]> = { BAHT: [100, 500, 1000, 5000], LAK: [100_000, 200_000, 500_000, 1_000_000] };

export const siteCurrency = (config: Pick<Config, 'variant'>): Currency => (config.variant === 'la' ? 'LAK' : 'BAHT');

export function siteMoney(config: Pick<Config, 'variant'>, bonus: { kipPerBaht?: number }): SiteMoney {
  return { currency: siteCurrency(config), kipPerBaht: bonus.kipPerBaht ?? DEFAULT_KIP_PER_BAHT };
}

/** A setting written in the site's major unit (the cancel threshold) as minor units of the member's currency. */
export const settingToMember = (major: number, site: SiteMoney, member: Currency) =>
  convert(Math.round(major * MINOR[site.currency]), site.currency, member, site.kipPerBaht);

/** A setting written in the site's major unit (withdraw limits, the slip minimum) in minor units of a member's currency. */
export const siteLimit = (
  ctx: { config: Pick<Config, 'variant'>; settings: Pick<AppContext['settings'], 'get'> },
  major: number,
  member: Currency,
) => settingToMember(major, siteMoney(ctx.config, ctx.settings.get('bonus')), member);

/** The `slip` setting's manual request ceiling in the site's currency, or its default (contract/lookup.ts SlipSchema). */
export const manualMaximum = (config: Pick<Config, 'variant'>, slip: { manualMaximum?: number }) =>
  slip.manualMaximum ?? seedFigure(config.variant === 'la', 50_000);
