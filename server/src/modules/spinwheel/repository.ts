import type { Insertable } from 'kysely';
import type { SpinsTable } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

/** The spin wheel's data: spins and the coupons among them. */

export async function recordSpin(tx: Tx, spin: Insertable<SpinsTable>): Promise<number> {
  const row = await tx.insertInto('spins').values(spin).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const coupons = (tx: Tx, memberId: number) =>
  tx.selectFrom('spins').where('spins.member_id', '=', memberId).where('spins.prize_type', '<>', 'nothing');

/** One page of the member's coupons, newest first, with the wheel each was won on, and how many there are. */
export async function couponPage(tx: Tx, memberId: number, page: number, limit: number) {
  const { total } = await coupons(tx, memberId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await coupons(tx, memberId)
    .innerJoin('spin_wheels as w', 'w.id', 'spins.wheel_id')
    .selectAll('spins')
    .select(['w.name as wheel_name', 'w.slices as wheel_slices'])
    .orderBy('spins.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(total), rows };
}

/** The member's coupon of this id (never another member's). */
export const couponOf = (tx: Tx, memberId: number, id: number) =>
  coupons(tx, memberId).selectAll().where('spins.id', '=', id).executeTakeFirst();

/** Marks a coupon claimed once; false when it already was (a racing claim got there first). */
export async function markClaimed(tx: Tx, id: number, journalId: number, now: number): Promise<boolean> {
  const done = await tx
    .updateTable('spins')
    .set({ claimed_at: now, claim_journal_id: journalId })
    .where('id', '=', id)
    .where('claimed_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The coupons these journal entries paid out, with their wheel's stored row. */
export function couponRowsOfEntries(tx: Tx, journalIds: number[]) {
  if (journalIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('spins')
    .innerJoin('spin_wheels as w', 'w.id', 'spins.wheel_id')
    .select([
      'spins.id',
      'spins.claim_journal_id',
      'spins.slice_code',
      'spins.kip_per_baht',
      'w.name as wheel_name',
      'w.slices as wheel_slices',
    ])
    .where('spins.claim_journal_id', 'in', journalIds)
    .execute();
}

/**
 * The deposits whose coins wait for play, oldest first, and the bets the deposits already given from the
 * same count took: every deposit made while another waited counts its bets from the oldest one's
 * `wager_since`, so those bets are not counted twice. One statement, so a grant committed meanwhile is
 * seen in both or in neither.
 */
export async function waitingCoins(tx: Tx, memberId: number) {
  const rows = await tx
    .selectFrom('deposit_coins')
    .select(['id', 'coins', 'wager_target', 'wager_since', 'status'])
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'granted'])
    .where('wager_since', '=', (eb) =>
      eb
        .selectFrom('deposit_coins as p')
        .select((p) => p.fn.min<number>('p.wager_since').as('since'))
        .where('p.member_id', '=', memberId)
        .where('p.status', '=', 'pending'),
    )
    .orderBy('deposited_at')
    .orderBy('id')
    .limit(1000)
    .execute();
  const waiting = rows.filter((r) => r.status === 'pending');
  const taken = rows.filter((r) => r.status === 'granted').reduce((sum, r) => sum + Number(r.wager_target), 0);
  return { waiting, taken };
}

/** Of these rows, those still pending, with their coins (read under the member's lock). */
export const stillPending = (tx: Tx, ids: number[]) =>
  tx.selectFrom('deposit_coins').select(['id', 'coins']).where('id', 'in', ids).where('status', '=', 'pending').execute();

/** Marks rows granted by this coin entry; answers how many changed (each changes once). */
export async function markCoinsGranted(tx: Tx, ids: number[], journalId: number, now: number): Promise<number> {
  const done = await tx
    .updateTable('deposit_coins')
    .set({ status: 'granted', settled_at: now, settled_journal_id: journalId })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}
