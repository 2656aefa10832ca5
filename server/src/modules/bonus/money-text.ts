import { MONEY_PLACEHOLDER } from '../../../../contract/money-placeholder.js';
import type { AppContext } from '../../context.js';
import { convert, MINOR, toMajor, type Currency } from '../../ledger/money.js';
import { siteMoney, type SiteMoney } from '../../lib/site-money.js';
import { inLanguage, type Lang, type LocalizedText } from '../../settings/localized.js';

const UNIT: Record<Currency, Record<Lang, string>> = {
  LAK: { th: 'กีบ', la: 'ກີບ', en: 'kip' },
  BAHT: { th: 'บาท', la: 'ບາດ', en: 'baht' },
};

/** An amount of the site's currency written in an operator text, made into its placeholder (the seed writes its texts so). */
export const moneyPlaceholder = (figure: number): string => `{money:${figure}}`;

/**
 * A bonus's text as one member reads it: every `{money:N}` (N in the site's currency, as every bonus figure
 * is) said in the member's own currency and language, converted as the bonus's figures are (kipPerBaht,
 * rounded down): a Lao-site member who holds baht reads "300 baht" where a kip member reads "180,000 kip".
 * Whole amounts without decimals, others with two; Latin digits with grouping, as the site shows money.
 */
export function inMemberMoney(text: string, site: SiteMoney, member: Currency, lang: Lang): string {
  return text.replace(MONEY_PLACEHOLDER, (_, figure: string) => {
    // a figure finer than the site's currency (a kip fraction) is rounded, never a refused page
    const minor = Math.round(Number(figure) * MINOR[site.currency]);
    const amount = toMajor(convert(minor, site.currency, member, site.kipPerBaht), member);
    const digits = Number.isInteger(amount) ? 0 : 2;
    return `${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${UNIT[member][lang]}`;
  });
}

export { badMoneyPlaceholder, MONEY_PLACEHOLDER_HELP } from '../../../../contract/money-placeholder.js';

/** Who reads an operator's text: their language, their currency and the site's (a Lao-site member may hold baht). */
export interface MoneyReader {
  lang: Lang;
  currency: Currency;
  site: SiteMoney;
}

/** A member's reader, in the language they asked for. */
export const moneyReader = (ctx: Pick<AppContext, 'config' | 'settings'>, currency: Currency, lang: Lang): MoneyReader => ({
  lang,
  currency,
  site: siteMoney(ctx.config, ctx.settings.get('bonus')),
});

/**
 * An operator's text (a bonus's name or HTML, a promotion's description, a wheel slice's label) as one member
 * reads it: in their language, every `{money:N}` in their currency.
 */
export const textFor = (words: LocalizedText, reader: MoneyReader): string =>
  inMemberMoney(inLanguage(words, reader.lang), reader.site, reader.currency, reader.lang);
