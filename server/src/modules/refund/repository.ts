import type { Insertable } from 'kysely';
import type { RefundsTable } from '../../db/schema.js';
import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.js';

/** The refund module's data: refund logs (one per member and period) and the journal they are computed from. */

/**
 * Each member's game results booked in [start, end): the signed sum of `game_result` postings on their
 * game accounts (negative: the member lost that much to the providers). Only members who lost.
 */
export async function lossesBetween(tx: Tx, start: number, end: number): Promise<{ memberId: number; loss: number }[]> {
  const rows = await tx
    .selectFrom('journal as j')
    .innerJoin('postings as p', 'p.journal_id', 'j.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['j.member_id', sql<number>`sum(p.amount)`.as('result')])
    .where('j.type', '=', 'game_result')
    .where('a.kind', '=', 'game')
    .where('j.created_at', '>=', start)
    .where('j.created_at', '<', end)
    .groupBy('j.member_id')
    .having(sql`sum(p.amount)`, '<', 0)
    .execute();
  return rows.map((r) => ({ memberId: Number(r.member_id), loss: -Number(r.result) }));
}

/** Members who held a bonus or promotion at some time in [start, end). */
export async function heldBonusBetween(tx: Tx, start: number, end: number): Promise<Set<number>> {
  const rows = await tx
    .selectFrom('member_bonuses')
    .select('member_id')
    .distinct()
    .where('received_at', '<', end)
    .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>=', start)]))
    .execute();
  return new Set(rows.map((r) => Number(r.member_id)));
}

/** A row as made: every column but the one set when it is received. */
export type NewRefund = Omit<Insertable<RefundsTable>, 'claim_journal_id'>;

/** Adds the period's refunds; a member who already has one for the period keeps it. Answers how many were new. */
export async function addRefunds(tx: Tx, rows: NewRefund[]): Promise<number> {
  if (rows.length === 0) return 0;
  const before = await countOfPeriod(tx, rows[0]!.period_start);
  await tx
    .insertInto('refunds')
    .values(rows.map((r) => ({ ...r, claim_journal_id: null })))
    .onConflict((oc) => oc.columns(['member_id', 'period_start']).doNothing())
    .execute();
  return (await countOfPeriod(tx, rows[0]!.period_start)) - before;
}

async function countOfPeriod(tx: Tx, periodStart: number): Promise<number> {
  const row = await tx
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('period_start', '=', periodStart)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's computed refunds not received yet. */
export const waitingRefunds = (tx: Tx, memberId: number) =>
  tx
    .selectFrom('refunds')
    .select(['id', 'refund_amount'])
    .where('member_id', '=', memberId)
    .where('claim_journal_id', 'is', null)
    .execute();

export async function markClaimed(tx: Tx, ids: number[], journalId: number): Promise<number> {
  const done = await tx
    .updateTable('refunds')
    .set({ claim_journal_id: journalId })
    .where('id', 'in', ids)
    .where('claim_journal_id', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** The member's refund logs, newest period first, one page. */
export async function refundPage(tx: Tx, memberId: number, page: number, limit: number) {
  const mine = tx.selectFrom('refunds').where('member_id', '=', memberId);
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .select(['refund_amount', 'created_at'])
    .orderBy('period_start', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(total), rows };
}
