import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.js';
import { convert, type Currency } from '../../ledger/money.js';
import type { SiteMoney } from '../../lib/site-money.js';

/** The bonus module's data: operator bonuses and promotions, and what members received of them. */

export const activeBonuses = (tx: Tx) =>
  tx.selectFrom('bonuses').selectAll().where('active', '=', 1).orderBy('sort').orderBy('id').execute();

export const offeredBonus = (tx: Tx, code: string) =>
  tx.selectFrom('bonuses').selectAll().where('code', '=', code).where('active', '=', 1).executeTakeFirst();

/** Holds a bonus's or promotion's row to the end of the transaction, so its budget or uses are counted one at a time. */
export async function lockOffer(tx: Tx, table: 'bonuses' | 'promotions', code: string): Promise<void> {
  await tx.selectFrom(table).select('id').where('code', '=', code).forUpdate().execute();
}

export const offeredPromotion = (tx: Tx, code: string) =>
  tx.selectFrom('promotions').selectAll().where('code', '=', code).where('active', '=', 1).executeTakeFirst();

/** The member's active bonus or promotion, if any (at most one: a partial unique index). */
export const activeReward = (tx: Tx, memberId: number) =>
  tx.selectFrom('member_bonuses').selectAll().where('member_id', '=', memberId).where('active', '=', 1).executeTakeFirst();

/** When the member received each bonus (newest first), for the list's `userBonus`. */
export const receivedBonuses = (tx: Tx, memberId: number) =>
  tx
    .selectFrom('member_bonuses')
    .select(['id', 'bonus_code', 'active', 'received_at'])
    .where('member_id', '=', memberId)
    .where('bonus_code', 'is not', null)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();

export async function receivedSince(tx: Tx, memberId: number, bonusCode: string, since: number): Promise<number> {
  const row = await tx
    .selectFrom('member_bonuses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('bonus_code', '=', bonusCode)
    .where('received_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a bonus has given in all, per currency (a Lao site's members may hold kip or baht). */
export function givenOfBonus(tx: Tx, bonusCode: string) {
  return tx
    .selectFrom('member_bonuses')
    .select(['currency', sql<number>`coalesce(sum(amount), 0)`.as('total')])
    .where('bonus_code', '=', bonusCode)
    .groupBy('currency')
    .execute();
}

export async function usesOfPromotion(tx: Tx, promotionCode: string): Promise<number> {
  const row = await tx
    .selectFrom('member_bonuses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_code', '=', promotionCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const hasUsedPromotion = async (tx: Tx, memberId: number, promotionCode: string) =>
  !!(await tx
    .selectFrom('member_bonuses')
    .select('id')
    .where('member_id', '=', memberId)
    .where('promotion_code', '=', promotionCode)
    .executeTakeFirst());

/**
 * The deposit a new bonus is given on: the member's latest credited deposit of at least `minimum` after
 * the last bonus or promotion they received (so one deposit never earns two).
 */
export async function latestDepositSinceLastReward(tx: Tx, memberId: number, minimum: number) {
  const last = await tx
    .selectFrom('member_bonuses')
    .select((eb) => eb.fn.max('journal_id').as('id'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return tx
    .selectFrom('ledger_entries')
    .select(['id', 'amount'])
    .where('member_id', '=', memberId)
    .where('type', '=', 'deposit')
    .where('status', '=', 'SUCCESS')
    .where('id', '>', Number(last?.id ?? 0))
    .where('amount', '>=', minimum)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Whether money left for the bank after this journal entry (a pending or paid withdrawal; a rejected one came back). */
export async function withdrewSince(tx: Tx, memberId: number, journalId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('withdrawals')
    .select('id')
    .where('member_id', '=', memberId)
    .where('journal_id', '>', journalId)
    .where('status', '!=', 'FAILED')
    .executeTakeFirst();
  return !!row;
}

/** Whether the member had a credited deposit before this one (a first-deposit bonus needs none). */
export async function depositedBefore(tx: Tx, memberId: number, journalId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('ledger_entries')
    .select('id')
    .where('member_id', '=', memberId)
    .where('type', '=', 'deposit')
    .where('status', '=', 'SUCCESS')
    .where('id', '<', journalId)
    .executeTakeFirst();
  return !!row;
}

/** Money of the member's on its way between wallet and a game (not in either balance meanwhile). */
export async function inTransitOf(tx: Tx, memberId: number): Promise<number> {
  const row = await tx
    .selectFrom('transfer_intents')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Ends an active reward once; false when it had already ended (a racing finish or cancel). */
export async function endReward(
  tx: Tx,
  id: number,
  end: { reason: 'TURNOVER' | 'CLEAR' | 'STAFF'; journalId: number; progress: number; now: number; by?: string },
): Promise<boolean> {
  const done = await tx
    .updateTable('member_bonuses')
    .set({
      active: 0,
      finish_reason: end.reason,
      finish_journal_id: end.journalId,
      finished_at: end.now,
      turnover_progress: end.progress,
      ended_by: end.by ?? null,
    })
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function recordProgress(tx: Tx, id: number, progress: number): Promise<void> {
  await tx
    .updateTable('member_bonuses')
    .set({ turnover_progress: progress })
    .where('id', '=', id)
    .where('turnover_progress', '<', progress)
    .execute();
}

/** What a bonus has paid so far, in the site's currency (minor units; amounts given in another currency converted). */
export async function paidSoFar(tx: Tx, code: string, site: SiteMoney): Promise<number> {
  return (await givenOfBonus(tx, code)).reduce(
    (sum, g) => sum + convert(Number(g.total), g.currency as Currency, site.currency, site.kipPerBaht),
    0,
  );
}
