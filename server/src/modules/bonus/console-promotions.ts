import type { StaffPromotion, StaffPromotionList } from '../../../../contract/staff-promotions.js';
import type { AppContext } from '../../context.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { siteCurrency } from '../../lib/site-money.js';
import { moneyReader, textFor } from './money-text.js';
import { promotionReach, proposalReasons } from './promotion-approval.js';

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
export async function listConsolePromotions(ctx: Pick<AppContext, 'database' | 'config' | 'settings'>): Promise<StaffPromotionList> {
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
  return { currency, promotions };
}
