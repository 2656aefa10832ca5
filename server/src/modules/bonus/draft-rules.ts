import { BONUS_RULES } from '../../../../contract/staff-bonuses.js';
import { ApiError } from '../../lib/errors.js';
import { toMinor, type Currency } from '../../ledger/money.js';

/**
 * The console's checks of what an admin writes for a bonus or a promotion code (BONUS_RULES, the CLI's rules),
 * each refusal a 400 KEY_INVALID naming the field.
 */

export const invalid = (field: string) => new ApiError(400, 'KEY_INVALID', field);

/** A whole number within the rule's bounds, else 400 KEY_INVALID naming the field. */
export function within(value: number, field: string, rule: { min: number; max: number }): number {
  if (!Number.isInteger(value) || value < rule.min || value > rule.max) throw invalid(field);
  return value;
}

/** An amount in the site's currency as minor units (more decimals than the currency has, or below `min`: 400 KEY_INVALID). */
export function minor(value: number, field: string, currency: Currency, min = 0): number {
  let m: number;
  try {
    m = toMinor(value, currency);
  } catch {
    throw invalid(field);
  }
  if (m < min) throw invalid(field);
  return m;
}

/** Texts per language, trimmed, the Thai where la or en is empty. */
export const texts = (t: { th: string; la?: string; en?: string }) => ({
  th: t.th.trim(),
  la: t.la?.trim() || t.th.trim(),
  en: t.en?.trim() || t.th.trim(),
});

/** What it gives, as columns: a percentage of the deposit up to a maximum, or a fixed amount (a check constraint lets one be set). */
export function giveColumns(give: { percent: number; max: number } | { fixed: number }, currency: Currency) {
  // the contract's union lets an object of both forms through: the CLI refuses one, and so does the console
  if ('fixed' in give && ('percent' in give || 'max' in give)) throw invalid('give');
  return 'fixed' in give
    ? { give_percent: null, give_max: null, give_fixed: minor(give.fixed, 'give.fixed', currency, 1) }
    : {
        give_percent: within(give.percent, 'give.percent', BONUS_RULES.percent),
        give_max: minor(give.max, 'give.max', currency, 1),
        give_fixed: null,
      };
}
