import type { Adjustment, AdjustmentKind } from '../../../../contract/staff-adjustments.js';
import type { Database } from '../../db/database.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, badRequest, conflict, forbidden, isUniqueViolation } from '../../lib/errors.js';
import { memberMoney } from '../../ledger/operations.js';
import { toMinor, type Currency } from '../../ledger/money.js';
import { askerDisabled, decisionReason, madeBy, recordAudit, requiredReason, type By } from '../audit/service.js';
import { adjustmentById } from './list.js';

export { listAdjustments } from './list.js';
import { moveAdjustment, reversibleEntry } from './money.js';
import { approvalAbove, creditAlone, creditAloneLeft, type SecondBecause } from './policy.js';
import { personOf } from '../../../../contract/staff.js';
import { requireApprover, requireStaffRole } from './staff-role.js';

/**
 * Staff adjustments with four-eyes approval (issue 23): the console's calls and the operator's `adjust`
 * commands are this code. A credit the money policy lets apply alone (policy.ts: at or below the
 * `adjustments` setting's threshold for its currency, with the requester's other credits of the last 24
 * hours) and a debit or reversal at or below the threshold are applied in the same transaction; otherwise
 * it waits PENDING for a second finance clerk or admin, who is not the requester (the person, whether they asked in the console or the CLI). Each step writes its audit row
 * in the change's transaction; the journal entry names whoever applied it (`made_by`).
 */

type Books = { database: Database; now: () => number };

export { approvalAbove, creditAlone, creditAloneLeft, requireApprover, requireStaffRole, type SecondBecause };
export { endHold, judgeCredit, waitingHolds, type HoldView, type Verdict } from './credit-holds.js';
export {
  changeNeedsTwoAdmins,
  decideProposal,
  needsTwoAdmins,
  oneAdminMay,
  pendingProposals,
  proposeSetting,
  type SettingProposal,
} from './policy-settings.js';

export interface AdjustmentRequest {
  phone: string;
  kind: AdjustmentKind;
  amount?: number;
  journalId?: number;
  reason: string;
  key?: string;
}

function amountMinor(amount: number | undefined, currency: Currency): number {
  let minor = 0;
  try {
    minor = amount === undefined ? 0 : toMinor(amount, currency);
  } catch {
    minor = 0;
  }
  if (minor <= 0) throw badRequest('AMOUNT_INVALID');
  return minor;
}

/** Records the decision and moves the money, in the caller's transaction; answers the entry made. */
async function apply(tx: Tx, ctx: Books, by: By, id: number, reason: string | null, now: number): Promise<number> {
  const row = await tx.selectFrom('adjustments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const member = await memberMoney(tx, row.member_id);
  const claimed = await tx
    .updateTable('adjustments')
    .set({ status: 'APPLIED', decided_by: madeBy(by.actor), decided_at: now, decision_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw conflict('ADJUSTMENT_NOT_PENDING');
  const journalId = await moveAdjustment(tx, ctx.database, member, row, now);
  await tx.updateTable('adjustments').set({ journal_id: journalId }).where('id', '=', id).execute();
  await recordAudit(tx, by.actor, {
    action: 'adjustment.apply',
    target: `adjustment:${id}`,
    before: { status: 'PENDING' },
    after: {
      status: 'APPLIED',
      kind: row.kind,
      amount: Number(row.amount),
      currency: row.currency,
      requestedBy: row.requested_by,
      journalId,
    },
    reason,
    ip: by.ip ?? null,
    journalIds: [journalId],
    at: now,
    member: row.member_id,
    money: { minor: Number(row.amount), currency: row.currency as Currency },
  });
  return journalId;
}

/** Asks for an adjustment; applied at once when it is within the threshold. Answers it as it now is. */
export async function requestAdjustment(ctx: Books, by: By, input: AdjustmentRequest): Promise<Adjustment> {
  const reason = requiredReason(input.reason);
  const now = ctx.now();
  const requester = madeBy(by.actor);
  // the key is the requester's own: another's key never answers their adjustment
  const key = input.key === undefined ? null : `${requester}:${input.key}`;
  const replay = async () =>
    key === null
      ? undefined
      : (await ctx.database.db.selectFrom('adjustments').select('id').where('request_key', '=', key).executeTakeFirst())?.id;
  const earlier = await replay();
  if (earlier !== undefined) return (await adjustmentById(ctx.database.db, earlier))!;
  const id = await withTransaction(ctx.database, async (tx) => {
    await requireApprover(tx, by.actor);
    const found = await tx.selectFrom('members').select('id').where('phone', '=', input.phone.trim()).executeTakeFirst();
    if (!found) throw new ApiError(404, 'NO_DATA');
    const member = await memberMoney(tx, found.id);
    let amount: number;
    let reverses: number | null = null;
    if (input.kind === 'reverse') {
      if (input.journalId === undefined) throw new ApiError(404, 'NO_DATA');
      reverses = input.journalId;
      amount = (await reversibleEntry(tx, member.memberId, reverses)).amount;
      const earlier = await tx
        .selectFrom('adjustments')
        .select('id')
        .where('reverses_journal_id', '=', reverses)
        .where('status', '<>', 'REJECTED')
        .executeTakeFirst();
      if (earlier) throw conflict('ADJUSTMENT_REVERSED');
    } else amount = amountMinor(input.amount, member.currency);
    let row: { id: number };
    try {
      row = await tx
        .insertInto('adjustments')
        .values({
          member_id: member.memberId,
          kind: input.kind,
          amount,
          currency: member.currency,
          reverses_journal_id: reverses,
          reason,
          requested_by: madeBy(by.actor),
          requested_at: now,
          status: 'PENDING',
          decided_by: null,
          decided_at: null,
          decision_reason: null,
          journal_id: null,
          request_key: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (err) {
      // the same key twice at once, or two reversals of one entry at once (Postgres): the loser answers as if it came second
      if (isUniqueViolation(err)) throw conflict(key !== null ? 'ADJUSTMENT_REPLAYED' : 'ADJUSTMENT_REVERSED');
      throw err;
    }
    // a credit puts money into the wallet: the money policy judges it with the requester's other credits
    // of the day (policy.ts); a debit or a reversal takes money out, and waits only above the threshold
    const because: SecondBecause =
      input.kind === 'credit'
        ? await creditAlone(tx, {
            person: by.actor.username,
            currency: member.currency,
            amount,
            source: `adjustment:${row.id}`,
            memberId: member.memberId,
            at: now,
          })
        : amount > (await approvalAbove(tx))[member.currency]
          ? 'amount'
          : null;
    const needsSecond = because !== null;
    await recordAudit(tx, by.actor, {
      action: 'adjustment.request',
      target: `adjustment:${row.id}`,
      before: null,
      after: {
        kind: input.kind,
        memberId: member.memberId,
        amount,
        currency: member.currency,
        reverses,
        status: needsSecond ? 'PENDING' : 'APPLIED',
        // why it waits: above the threshold alone, or the requester's credits of the last 24 hours with it
        ...(because ? { waitsBecause: because } : {}),
      },
      reason,
      ip: by.ip ?? null,
      at: now,
      member: member.memberId,
      money: { minor: amount, currency: member.currency },
    });
    if (!needsSecond) await apply(tx, ctx, by, row.id, null, now);
    return row.id;
  }).catch(async (err: unknown) => {
    const first = err instanceof ApiError && err.code === 'ADJUSTMENT_REPLAYED' ? await replay() : undefined;
    if (first !== undefined) return first;
    if (err instanceof ApiError && err.code === 'ADJUSTMENT_REPLAYED') throw conflict('ADJUSTMENT_REVERSED');
    throw err;
  });
  return (await adjustmentById(ctx.database.db, id))!;
}

/** A waiting adjustment, decided by another finance clerk or admin: approved (applied) or rejected (nothing moves). */
async function decide(ctx: Books, by: By, id: number, outcome: 'APPLIED' | 'REJECTED', reason: string | null): Promise<Adjustment> {
  const now = ctx.now();
  await withTransaction(ctx.database, async (tx) => {
    await requireApprover(tx, by.actor);
    const row = await tx.selectFrom('adjustments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, 'NO_DATA');
    if (row.status !== 'PENDING') throw conflict('ADJUSTMENT_NOT_PENDING');
    if (personOf(row.requested_by) === by.actor.username) throw forbidden('FOUR_EYES');
    if (outcome === 'APPLIED' && (await askerDisabled(tx, row.requested_by))) throw conflict('ASKER_DISABLED');
    await recordAudit(tx, by.actor, {
      action: outcome === 'APPLIED' ? 'adjustment.approve' : 'adjustment.reject',
      target: `adjustment:${id}`,
      before: { status: 'PENDING', requestedBy: row.requested_by },
      after: { status: outcome },
      reason,
      ip: by.ip ?? null,
      at: now,
      member: row.member_id,
      money: { minor: Number(row.amount), currency: row.currency as Currency },
    });
    if (outcome === 'APPLIED') {
      await apply(tx, ctx, by, id, reason, now);
      return;
    }
    const claimed = await tx
      .updateTable('adjustments')
      .set({ status: 'REJECTED', decided_by: madeBy(by.actor), decided_at: now, decision_reason: reason })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict('ADJUSTMENT_NOT_PENDING');
  });
  return (await adjustmentById(ctx.database.db, id))!;
}

export const approveAdjustment = (ctx: Books, by: By, input: { id: number; reason?: string }) =>
  decide(ctx, by, input.id, 'APPLIED', decisionReason('APPLIED', input.reason));

export const rejectAdjustment = (ctx: Books, by: By, input: { id: number; reason: string }) =>
  decide(ctx, by, input.id, 'REJECTED', requiredReason(input.reason));
