import type { Adjustment } from '../../../../contract/staff-adjustments.js';
import type { Database } from '../../db/database.js';
import { toMajor, type Currency } from '../../ledger/money.js';

type Db = Database['db'];

/** How many decided adjustments the list shows, newest first. */
export const RECENT_LIMIT = 50;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

const selectAdjustments = (db: Db) =>
  db
    .selectFrom('adjustments')
    .innerJoin('members', 'members.id', 'adjustments.member_id')
    .selectAll('adjustments')
    .select(['members.phone', 'members.name']);

type Row = Awaited<ReturnType<ReturnType<typeof selectAdjustments>['execute']>>[number];

function toAdjustment(r: Row): Adjustment {
  const currency = r.currency as Currency;
  return {
    id: r.id,
    member: { id: r.member_id, phone: r.phone, name: r.name },
    kind: r.kind,
    amount: toMajor(Number(r.amount), currency),
    currency,
    reverses: r.reverses_journal_id,
    reason: r.reason,
    requestedBy: r.requested_by,
    requestedAt: iso(r.requested_at)!,
    status: r.status,
    decidedBy: r.decided_by,
    decidedAt: iso(r.decided_at),
    decisionReason: r.decision_reason,
    journalId: r.journal_id,
  };
}

export async function adjustmentById(db: Db, id: number): Promise<Adjustment | undefined> {
  const row = await selectAdjustments(db).where('adjustments.id', '=', id).executeTakeFirst();
  return row && toAdjustment(row);
}

/** The waiting adjustments, oldest first, and the last decided ones, newest first. */
export async function listAdjustments(db: Db): Promise<{ pending: Adjustment[]; recent: Adjustment[] }> {
  const pending = await selectAdjustments(db).where('adjustments.status', '=', 'PENDING').orderBy('adjustments.id').limit(100).execute();
  const recent = await selectAdjustments(db)
    .where('adjustments.status', '<>', 'PENDING')
    .orderBy('adjustments.id', 'desc')
    .limit(RECENT_LIMIT)
    .execute();
  return { pending: pending.map(toAdjustment), recent: recent.map(toAdjustment) };
}
