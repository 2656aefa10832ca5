import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { withTransaction } from '../../db/transaction.js';
import type { UnmatchedPayment } from '../../../../contract/staff-payments.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { creditDeposit, memberMoney } from '../../ledger/operations.js';
import { madeBy, recordAudit, requiredReason, type By } from '../audit/service.js';
import { notifyMember } from '../events/service.js';
import { endHold, judgeCredit, waitingHolds } from '../adjustments/service.js';

/**
 * A person's answer to a payment the gateway reported that credited nobody (qr-callback.ts kept it
 * UNMATCHED): the staff console's attach and refunded and the operator's `payment attach|refunded` are
 * this one code. Attaching credits the member a QR deposit through the ledger's credit path; marking it
 * refunded moves nothing (the money went back outside). Either is a conditional update of the row from
 * UNMATCHED, so a payment is resolved once: a second answer, even at the same moment, is 409
 * PAYMENT_NOT_UNMATCHED. Whose money it is is the clerk's word: the money policy (credit-holds.ts) judges
 * the whole amount, and past the clerk's allowance the attachment waits for a second finance clerk or
 * admin to attach it to the same member. The audit row, the journal's `made_by` and the member's event share the transaction.
 */

type Books = Pick<AppContext, 'database' | 'now'>;

const paymentRows = (tx: Tx) =>
  tx
    .selectFrom('qr_payments')
    .leftJoin('qrcodes', 'qrcodes.id', 'qr_payments.qrcode_id')
    .leftJoin('members', 'members.id', 'qrcodes.member_id')
    .select([
      'qr_payments.id',
      'qr_payments.gateway_txn_id',
      'qr_payments.provider',
      'qr_payments.ref',
      'qr_payments.amount',
      'qr_payments.status',
      'qr_payments.reason',
      'qr_payments.created_at',
      'qrcodes.currency',
      'members.phone',
      'qrcodes.member_id as code_member_id',
    ]);

/** The amount was stored in the named code's minor units; a code we never issued was read as baht (Thai gateways). */
const currencyOf = (row: { currency: string | null }) => (row.currency ?? 'BAHT') as Currency;

/** The payments waiting for a person, newest first. */
export async function unmatchedPaymentList(tx: Tx): Promise<UnmatchedPayment[]> {
  const rows = await paymentRows(tx).where('qr_payments.status', '=', 'UNMATCHED').orderBy('qr_payments.id', 'desc').execute();
  const holds = await waitingHolds(
    tx,
    rows.map((r) => `payment:${r.gateway_txn_id}`),
  );
  return rows.map((r) => ({
    gatewayTxnId: r.gateway_txn_id,
    provider: r.provider,
    ref: r.ref,
    amount: toMajor(Number(r.amount), currencyOf(r)),
    currency: currencyOf(r),
    codeMemberPhone: r.phone ?? null,
    reason: r.reason ?? '',
    receivedAt: new Date(Number(r.created_at)).toISOString(),
    hold: holds.get(`payment:${r.gateway_txn_id}`) ?? null,
  }));
}

/**
 * The payment, its row locked for the rest of the transaction: two answers to one payment at once (two
 * clerks attaching it to different members, an attach and a refund) are judged one after the other, each
 * seeing what the other did.
 */
async function paymentOf(tx: Tx, gatewayTxnId: string) {
  const row = await paymentRows(tx).where('qr_payments.gateway_txn_id', '=', gatewayTxnId).forUpdate('qr_payments').executeTakeFirst();
  if (!row) throw new ApiError(404, 'NO_DATA');
  return row;
}

/** Claims the row from UNMATCHED; false when another answer was first. */
async function claim(
  tx: Tx,
  id: number,
  by: By,
  set: { status: 'ATTACHED' | 'REFUNDED'; reason: string; reference?: string | null; at: number },
) {
  const done = await tx
    .updateTable('qr_payments')
    .set({
      status: set.status,
      resolved_at: set.at,
      resolved_by: madeBy(by.actor),
      resolved_reason: set.reason,
      resolved_reference: set.reference ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'UNMATCHED')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw conflict('PAYMENT_NOT_UNMATCHED');
}

/** Credits an unmatched payment to the member with this phone; answers what was credited, in major units. */
export async function attachPayment(
  ctx: Books,
  by: By,
  input: { gatewayTxnId: string; phone: string; reason: string },
): Promise<{ amount: number; currency: Currency; memberId: number; waits: 'amount' | 'day' | null }> {
  const reason = requiredReason(input.reason);
  return withTransaction(ctx.database, async (tx) => {
    const found = await tx.selectFrom('members').select(['id', 'phone']).where('phone', '=', input.phone.trim()).executeTakeFirst();
    if (!found) throw new ApiError(404, 'NO_DATA');
    // the lock order of every money movement: the member's row first (see qr-callback.ts)
    const member = await memberMoney(tx, found.id);
    const payment = await paymentOf(tx, input.gatewayTxnId);
    if (payment.status !== 'UNMATCHED') throw conflict('PAYMENT_NOT_UNMATCHED');
    const currency = currencyOf(payment);
    // baht paid for a kip wallet (or the reverse) is no deposit of that member's: nothing changes
    if (member.currency !== currency) throw badRequest('PAYMENT_CURRENCY_MISMATCH');
    const amount = Number(payment.amount);
    if (!(amount > 0)) throw badRequest('AMOUNT_INVALID');
    const now = ctx.now();
    const major = toMajor(amount, currency);
    // the gateway told the amount, but not whose it is: crediting it to this member is the clerk's word
    const source = `payment:${payment.gateway_txn_id}`;
    // the attachment's audit row: attached, or left WAITING for a second person
    const audit = (after: Record<string, unknown>, journalIds: readonly number[] = []) =>
      recordAudit(tx, by.actor, {
        action: 'payment.attach',
        target: source,
        before: { status: 'UNMATCHED', unmatched: payment.reason, ref: payment.ref, amount: major, currency },
        after: { member: found.phone, amount: major, currency, ...after },
        reason,
        ip: by.ip ?? null,
        journalIds,
        at: now,
        member: member.memberId,
        money: { minor: amount, currency },
      });
    const verdict = await judgeCredit(tx, by.actor, { source, memberId: member.memberId, currency, amount, ownWord: amount, reason, now });
    if (!verdict.apply) {
      await audit({ status: 'WAITING', waitsBecause: verdict.because });
      return { amount: major, currency, memberId: member.memberId, waits: verdict.because };
    }
    await claim(tx, payment.id, by, { status: 'ATTACHED', reason, at: now });
    const journalId = await creditDeposit(tx, member, amount, `QR_${payment.provider}`, now);
    await tx.updateTable('qr_payments').set({ member_id: member.memberId, journal_id: journalId }).where('id', '=', payment.id).execute();
    await notifyMember(ctx.database, member.memberId, { kind: 'credit', source: `QR_${payment.provider}`, amount: major }, tx);
    await audit({ status: 'ATTACHED', ...(verdict.secondTo ? { secondTo: verdict.secondTo } : {}) }, [journalId]);
    return { amount: major, currency, memberId: member.memberId, waits: null };
  });
}

/** Records that an unmatched payment went back to its payer outside the ledger: nothing moves in ours. */
export async function refundPayment(
  ctx: Books,
  by: By,
  input: { gatewayTxnId: string; reason: string; reference?: string },
): Promise<void> {
  const reason = requiredReason(input.reason);
  const reference = input.reference?.trim() || null;
  await withTransaction(ctx.database, async (tx) => {
    const payment = await paymentOf(tx, input.gatewayTxnId);
    if (payment.status !== 'UNMATCHED') throw conflict('PAYMENT_NOT_UNMATCHED');
    const now = ctx.now();
    await claim(tx, payment.id, by, { status: 'REFUNDED', reason, reference, at: now });
    await endHold(tx, `payment:${payment.gateway_txn_id}`, by.actor, now);
    const currency = currencyOf(payment);
    const major = toMajor(Number(payment.amount), currency);
    await recordAudit(tx, by.actor, {
      action: 'payment.refunded',
      target: `payment:${payment.gateway_txn_id}`,
      before: { status: 'UNMATCHED', unmatched: payment.reason, ref: payment.ref, amount: major, currency },
      after: { status: 'REFUNDED', reference },
      reason,
      ip: by.ip ?? null,
      at: now,
      // nobody's wallet: the member whose code it named, when it named one, finds it under them
      member: payment.code_member_id ?? null,
      money: { minor: Number(payment.amount), currency },
    });
  });
}
