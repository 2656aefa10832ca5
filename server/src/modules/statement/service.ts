import { findGame } from '../../adapters/games/catalog.js';
import { toMajor } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { statementPage, type StatementRow } from './repository.js';
import type { StatementItem } from '../../../../contract/statement.js';
import { rewardsOfEntries, textFor, type MoneyReader } from '../bonus/service.js';
import { couponReader, couponsOfEntries } from '../spinwheel/service.js';
import { inLanguage, type Lang, type LocalizedText } from '../../settings/registry.js';
import { programmeOf } from './programmes.js';
import type { Tx } from '../../db/transaction.js';
import type { SiteMoney } from '../../lib/site-money.js';

type RewardOfEntry = Awaited<ReturnType<typeof rewardsOfEntries>>[number];
type CouponOfEntry = Awaited<ReturnType<typeof couponsOfEntries>>[number];

/** The spin-wheel coupon an entry paid out: "<wheel>: <slice label>" in the member's language and currency. */
function luckydraw(r: StatementRow, coupons: CouponOfEntry[], reader: MoneyReader): Pick<StatementItem, 'luckydraw'> {
  const coupon = coupons.find((c) => c.claim_journal_id === r.id);
  if (!coupon) return {};
  const { wheel } = coupon;
  const slice = wheel.slices.find((s) => s.code === coupon.slice_code);
  // said at the rate its amount was converted at, not today's
  const label = slice ? textFor(slice.label, couponReader(reader, coupon.kip_per_baht)) : coupon.slice_code;
  return { luckydraw: { coupon: coupon.id, code: coupon.slice_code, description: `${inLanguage(wheel.name, reader.lang)}: ${label}` } };
}

/** The bonus or promotion an entry belongs to, named in the member's language (an amount written `{money:N}` in their currency). */
function related(r: StatementRow, rewards: RewardOfEntry[], reader: MoneyReader): Pick<StatementItem, 'bonus' | 'promotion'> {
  const reward = rewards.find((x) => x.journal_id === r.id || x.finish_journal_id === r.id);
  if (!reward) return {};
  const finishReason = r.type === 'finish_bonus' && reward.finish_reason ? { finishReason: reward.finish_reason } : {};
  const said = (json: string | null) => textFor(JSON.parse(json ?? '""') as LocalizedText, reader);
  if (reward.bonus_code) return { bonus: { code: reward.bonus_code, description: said(reward.name), ...finishReason } };
  return { promotion: { code: reward.promotion_code ?? '', description: said(reward.description), ...finishReason } };
}

function item(r: StatementRow, rewards: RewardOfEntry[], coupons: CouponOfEntry[], reader: MoneyReader): StatementItem {
  const { lang, currency } = reader;
  const game = findGame(r.from) ?? findGame(r.to);
  // a finish_bonus without postings moved no money (the turnover freed what was already in the wallet)
  const amount = r.walletDelta || (r.type === 'finish_bonus' ? 0 : r.amount);
  return {
    _id: r.id,
    statementType: r.type,
    status: r.status,
    from: r.from,
    to: r.to,
    // the wallet's side gives the sign; an entry that does not touch the wallet counts as +
    amount: toMajor(amount, currency),
    createdAt: new Date(r.createdAt).toISOString(),
    ...(game && { provider: { code: game.code, name: game.name } }),
    ...(r.bankCode && r.bankAccountNo && { bank: { code: r.bankCode, accountNo: r.bankAccountNo } }),
    ...(r.withdrawReason && { rejectReason: r.withdrawReason }),
    ...related(r, rewards, reader),
    ...programmeOf(r, lang),
    ...luckydraw(r, coupons, reader),
  };
}

/**
 * One page of a member's statement lines, newest first: what POST /api/statement answers the member and
 * the staff console's member page shows, so both read the same lines.
 */
export async function statementLines(db: Tx, memberId: number, page: number, limit: number, lang: Lang, site: SiteMoney) {
  const { currency } = await memberMoney(db, memberId);
  const { total, rows } = await statementPage(db, memberId, page, limit);
  const rewards = await rewardsOfEntries(
    db,
    rows.filter((r) => r.type === 'bonus' || r.type === 'finish_bonus').map((r) => r.id),
  );
  const coupons = await couponsOfEntries(
    db,
    rows.filter((r) => r.type === 'bonus').map((r) => r.id),
  );
  const reader = { lang, currency, site };
  return { total, statements: rows.map((r) => item(r, rewards, coupons, reader)) };
}
