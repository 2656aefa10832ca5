import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/transaction.js';
import { settleWithdrawal } from '../../ledger/operations.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { badRequest } from '../../lib/errors.js';
import { requiredReason, recordAudit, type By } from '../audit/service.js';
import { notifyMember } from '../events/service.js';

/**
 * A person's answer to a withdrawal waiting to be paid (issue 23): the staff console's pay and reject and
 * the operator's `withdrawal pay|reject` are this one code. Paying records the bank transfer's reference
 * in `payout_ref` (until then it holds the payout hand-off's marker, wallet/payouts.ts); rejecting returns
 * the money to the wallet. The settlement, its audit row and `made_by`, and the member's event commit
 * together; a withdrawal settled meanwhile is 409 WITHDRAW_NOT_PENDING (settleWithdrawal claims it once).
 */

type Books = Pick<AppContext, 'database' | 'now'>;

async function settle(ctx: Books, by: By, id: number, outcome: 'SUCCESS' | 'FAILED', detail: { reference?: string; reason?: string }) {
  await withTransaction(ctx.database, async (tx) => {
    const now = ctx.now();
    const { memberId, journalId, amount, currency } = await settleWithdrawal(tx, id, outcome, now);
    if (detail.reference) await tx.updateTable('withdrawals').set({ payout_ref: detail.reference }).where('id', '=', id).execute();
    await recordAudit(tx, by.actor, {
      action: outcome === 'SUCCESS' ? 'withdrawal.pay' : 'withdrawal.reject',
      target: `withdrawal:${id}`,
      before: { status: 'PENDING' },
      after: { status: outcome, ...(detail.reference ? { reference: detail.reference } : {}) },
      reason: detail.reason ?? null,
      ip: by.ip ?? null,
      journalIds: [journalId],
      at: now,
      member: memberId,
      money: { minor: amount, currency },
    });
    // the member's open app shows it paid, or the money back in the wallet, at once
    await notifyMember(ctx.database, memberId, { kind: 'withdraw', status: outcome, amount: toMajor(amount, currency as Currency) }, tx);
  });
}

/** Paid by the bank transfer whose reference is given. */
export async function payWithdrawal(ctx: Books, by: By, input: { id: number; reference: string }) {
  const reference = input.reference.trim();
  // the contract's 3 to 64 characters, the spaces around them aside
  if (reference.length < 3 || reference.length > 64) throw badRequest('KEY_INVALID');
  return settle(ctx, by, input.id, 'SUCCESS', { reference });
}

/** Not paid: the money returns to the member's wallet, the reason in the audit trail. */
export const rejectWithdrawal = async (ctx: Books, by: By, input: { id: number; reason: string }) =>
  settle(ctx, by, input.id, 'FAILED', { reason: requiredReason(input.reason) });
