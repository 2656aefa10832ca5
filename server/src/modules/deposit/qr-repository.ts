import type { Insertable, Selectable } from 'kysely';
import type { QrcodesTable, QrPaymentsTable } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

/** The payment QR data: codes and the payments the gateway reported. */
export type QrcodeRow = Selectable<QrcodesTable>;

/** Marks the member's open codes whose time ran out as EXPIRED (read paths call it first). */
export const expireStale = (tx: Tx, memberId: number, now: number) =>
  tx
    .updateTable('qrcodes')
    .set({ status: 'EXPIRED', closed_at: now })
    .where('member_id', '=', memberId)
    .where('status', '=', 'OPEN')
    .where('expires_at', '<=', now)
    .execute();

export const openCodeOf = (tx: Tx, memberId: number, provider: string, now: number) =>
  tx
    .selectFrom('qrcodes')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .where('status', '=', 'OPEN')
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** Cancels the member's open codes (all providers) and answers their refs, to withdraw them at the gateway too. */
export async function cancelOpenCodes(tx: Tx, memberId: number, now: number, except?: number): Promise<string[]> {
  let query = tx
    .updateTable('qrcodes')
    .set({ status: 'CANCELLED', closed_at: now })
    .where('member_id', '=', memberId)
    .where('status', '=', 'OPEN');
  if (except !== undefined) query = query.where('id', '!=', except);
  const rows = await query.returning('ref').execute();
  return rows.map((r) => r.ref);
}

export const insertCode = (tx: Tx, row: Omit<QrcodesTable, 'id' | 'closed_at' | 'payload' | 'status'>) =>
  tx
    .insertInto('qrcodes')
    .values({ ...row, status: 'CREATING', payload: null, closed_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();

/** CREATING becomes OPEN (with its payload) or FAILED, once; false when it was no longer CREATING. */
export async function finishCreating(tx: Tx, id: number, payload: string | null, now: number): Promise<boolean> {
  const updated = await tx
    .updateTable('qrcodes')
    .set(payload === null ? { status: 'FAILED', closed_at: now } : { status: 'OPEN', payload })
    .where('id', '=', id)
    .where('status', '=', 'CREATING')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export const creatingBefore = (tx: Tx, before: number) =>
  tx.selectFrom('qrcodes').selectAll().where('status', '=', 'CREATING').where('created_at', '<=', before).orderBy('id').execute();

export const codeByRef = (tx: Tx, ref: string) => tx.selectFrom('qrcodes').selectAll().where('ref', '=', ref).executeTakeFirst();

/** Closes one code if it is still open (OPEN -> CANCELLED, EXPIRED or PAID); false when it was not. */
export async function closeCode(tx: Tx, id: number, status: 'CANCELLED' | 'EXPIRED' | 'PAID', now: number): Promise<boolean> {
  const updated = await tx
    .updateTable('qrcodes')
    .set({ status, closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export const paymentByTxn = (tx: Tx, txnId: string) =>
  tx.selectFrom('qr_payments').selectAll().where('gateway_txn_id', '=', txnId).executeTakeFirst();

export const insertPayment = (tx: Tx, row: Insertable<QrPaymentsTable>) => tx.insertInto('qr_payments').values(row).execute();

export const recentCodes = (tx: Tx, limit: number) =>
  tx
    .selectFrom('qrcodes')
    .innerJoin('members', 'members.id', 'qrcodes.member_id')
    .select([
      'qrcodes.id',
      'qrcodes.ref',
      'qrcodes.provider',
      'qrcodes.amount',
      'qrcodes.currency',
      'qrcodes.status',
      'qrcodes.created_at',
      'qrcodes.expires_at',
      'members.phone',
    ])
    .orderBy('qrcodes.id', 'desc')
    .limit(limit)
    .execute();

export const unmatchedPayments = (tx: Tx) =>
  tx.selectFrom('qr_payments').selectAll().where('status', '=', 'UNMATCHED').orderBy('id', 'desc').execute();

/** An admin's test code of the go-live list (migration 0045), by its ref. */
export const testCodeByRef = (tx: Tx, ref: string) =>
  tx.selectFrom('go_live_test_codes').selectAll().where('ref', '=', ref).executeTakeFirst();
