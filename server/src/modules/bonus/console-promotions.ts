import { BONUS_RULES } from '../../../../contract/staff-bonuses.js';
import {
  PROMOTION_MAX_USES,
  type PromotionAdded,
  type PromotionDraft,
  type StaffPromotion,
  type StaffPromotionList,
} from '../../../../contract/staff-promotions.js';
import type { AppContext } from '../../context.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { siteCurrency } from '../../lib/site-money.js';
import { creditAloneLeft } from '../adjustments/service.js';
import type { By } from '../audit/service.js';
import { giveColumns, invalid, minor, texts, within } from './draft-rules.js';
import { badMoneyPlaceholder, moneyReader, textFor } from './money-text.js';
import { addPromotionAsAdmin, promotionReach, proposalReasons, type PromotionValues } from './promotion-approval.js';

/** Description texts as stored: JSON per language (la and en the Thai where missing), or plain text from old rows. */
function storedDescription(stored: string): StaffPromotion['description'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = stored;
  }
  if (typeof parsed === 'string') return { th: parsed, la: parsed, en: parsed };
  const text = parsed as { th?: string; la?: string; en?: string };
  const th = text.th ?? '';
  return { th, la: text.la || th, en: text.en || th };
}

/** What members of the site's currency read in each language: every `{money:N}` as an amount. */
function descriptionOf(ctx: Pick<AppContext, 'config' | 'settings'>, words: StaffPromotion['description'], currency: Currency) {
  const read = (lang: 'th' | 'la' | 'en') => textFor(words, moneyReader(ctx, currency, lang));
  return { th: read('th'), la: read('la'), en: read('en') };
}

/**
 * The codes the console lists (contract/staff-promotions.ts): each with its uses so far, the most it may pay,
 * and, while it waits for a second admin, who added it, when, why it waits and the reason they gave.
 */
export async function listConsolePromotions(
  ctx: Pick<AppContext, 'database' | 'config' | 'settings' | 'now'>,
  username: string,
): Promise<StaffPromotionList> {
  const db = ctx.database.db;
  const currency = siteCurrency(ctx.config);
  const major = (minor: number | null) => toMajor(Number(minor ?? 0), currency);
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id', 'desc').execute();
  const counts = await db
    .selectFrom('member_bonuses')
    .select(['promotion_code', (eb) => eb.fn.countAll<string>().as('n')])
    .where('promotion_code', 'is not', null)
    .groupBy('promotion_code')
    .execute();
  const usedOf = new Map(counts.map((c) => [c.promotion_code, Number(c.n)]));
  const reasonOf = await proposalReasons(
    db,
    rows.filter((r) => r.waits_because !== null).map((r) => r.code),
  );
  const promotions = rows.map((p): StaffPromotion => {
    const totalUses = p.total_uses === null ? null : Number(p.total_uses);
    const reach = promotionReach({ total_uses: totalUses, give_fixed: p.give_fixed, give_max: p.give_max });
    return {
      code: p.code,
      description: descriptionOf(ctx, storedDescription(p.description), currency),
      give: p.give_fixed !== null ? { fixed: major(p.give_fixed) } : { percent: Number(p.give_percent), max: major(p.give_max) },
      minDeposit: major(p.min_deposit),
      turnover: Number(p.turnover_multiple),
      percentFail: Number(p.percent_fail),
      totalUses,
      used: usedOf.get(p.code) ?? 0,
      reach: reach === null ? null : major(reach),
      offered: Number(p.active) === 1,
      waiting:
        p.waits_because === null
          ? null
          : {
              because: p.waits_because,
              proposedBy: p.proposed_by ?? '',
              proposedAt: new Date(Number(p.created_at)).toISOString(),
              reason: reasonOf.get(p.code) ?? '',
            },
    };
  });
  const left = await creditAloneLeft(db, username, ctx.now());
  return { currency, promotions, aloneLeft: toMajor(left[currency], currency) };
}

/** The code's columns from a draft, checked against the CLI's rules (what `promotion add` checks, in the API's words). */
export function promotionValues(draft: PromotionDraft, currency: Currency): PromotionValues {
  if (!BONUS_RULES.code.test(draft.code)) throw invalid('code');
  const description = texts(draft.description);
  // members read it with every {money:N} in their currency: a broken placeholder would show its braces
  if (!description.th || badMoneyPlaceholder(description) !== undefined) throw invalid('description');
  return {
    code: draft.code,
    description: JSON.stringify(description),
    percent_fail: within(draft.percentFail, 'percentFail', BONUS_RULES.percentFail),
    ...giveColumns(draft.give, currency),
    min_deposit: minor(draft.minDeposit, 'minDeposit', currency),
    turnover_multiple: within(draft.turnover, 'turnover', BONUS_RULES.turnover),
    total_uses: within(draft.uses, 'uses', { min: 1, max: PROMOTION_MAX_USES }),
  };
}

/**
 * An admin adds a code in the console: the most it may pay (its uses at their most) is judged as their credit,
 * as `promotion add --as` is: offered now within their allowance, else waiting for a second admin.
 */
export async function addConsolePromotion(
  ctx: Pick<AppContext, 'database' | 'config' | 'now'>,
  by: By,
  draft: PromotionDraft,
  reason: string,
): Promise<PromotionAdded> {
  const currency = siteCurrency(ctx.config);
  const because = await addPromotionAsAdmin(ctx, by, currency, promotionValues(draft, currency), reason);
  return { code: draft.code, offered: because === null, waitsBecause: because };
}
