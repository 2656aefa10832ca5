import type { Selectable } from 'kysely';
import type { TruelinkRedemptionsTable } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

/** The gift-link redemptions (the intents of truelink-service.ts). */
export type RedemptionRow = Selectable<TruelinkRedemptionsTable>;

/** A redemption that holds the voucher: open or credited (a failed one lets it go). */
export const liveRedemption = (tx: Tx, voucher: string) =>
  tx.selectFrom('truelink_redemptions').select('id').where('voucher', '=', voucher).where('status', '!=', 'FAILED').executeTakeFirst();

export const insertRedemption = (tx: Tx, row: Omit<TruelinkRedemptionsTable, 'id' | 'status' | 'journal_id' | 'resolved_at'>) =>
  tx
    .insertInto('truelink_redemptions')
    .values({ ...row, status: 'OPEN', journal_id: null, resolved_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();

/** OPEN becomes SETTLED or FAILED, once; false when another got there first. */
export async function closeRedemption(tx: Tx, id: number, status: 'SETTLED' | 'FAILED', now: number): Promise<boolean> {
  const updated = await tx
    .updateTable('truelink_redemptions')
    .set({ status, resolved_at: now })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export const setRedemptionJournal = (tx: Tx, id: number, journalId: number) =>
  tx.updateTable('truelink_redemptions').set({ journal_id: journalId }).where('id', '=', id).execute();

export const openRedemptions = (tx: Tx, before: number) =>
  tx.selectFrom('truelink_redemptions').selectAll().where('status', '=', 'OPEN').where('created_at', '<=', before).orderBy('id').execute();

export const recentRedemptions = (tx: Tx, limit: number) =>
  tx
    .selectFrom('truelink_redemptions')
    .innerJoin('members', 'members.id', 'truelink_redemptions.member_id')
    .select([
      'truelink_redemptions.id',
      'truelink_redemptions.voucher',
      'truelink_redemptions.amount',
      'truelink_redemptions.currency',
      'truelink_redemptions.status',
      'truelink_redemptions.created_at',
      'members.phone',
    ])
    .orderBy('truelink_redemptions.id', 'desc')
    .limit(limit)
    .execute();
