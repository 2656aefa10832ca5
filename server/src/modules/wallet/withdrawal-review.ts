import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/transaction.js';
import { settleWithdrawal } from '../../ledger/operations.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { badRequest } from '../../lib/errors.js';
import { requiredReason, recordAudit, type By } from '../audit/service.js';
import { notifyMember } from '../events/service.js';
import { WITHDRAW_REASON_DEFAULT, type WithdrawReason } from '../../../../contract/withdraw-reasons.js';

/**
 * A person's answer to a withdrawal waiting to be paid (issue 23): the staff console's pay and reject and
 * the operator's `withdrawal pay|reject` are this one code. Paying records the bank transfer's reference
 * in `payout_ref` (until then it holds the payout hand-off's marker, wallet/payouts.ts); rejecting returns
 * the money to the wallet and records why, as the member reads it (`member_reason`: their statement line and
 * the event say it), beside the person's own reason in the audit trail. The settlement, its audit row and
 * `made_by`, and the member's event commit together; a withdrawal settled meanwhile is 409
 * WITHDRAW_NOT_PENDING (settleWithdrawal claims it once).
 */

type Books = Pick<AppContext, 'database' | 'now'>;

type Detail =
  | { reference: string; reason?: undefined; memberReason?: undefined }
  | { reference?: undefined; reason: string; memberReason: WithdrawReason };

async function settle(ctx: Books, by: By, id: number, outcome: 'SUCCESS' | 'FAILED', detail: Detail) {
  await withTransaction(ctx.database, async (tx) => {
    const now = ctx.now();
    const { memberId, journalId, amount, currency } = await settleWithdrawal(tx, id, outcome, now);
    // paid: the bank transfer that paid it; rejected: why, as its member reads it
    const recorded = detail.reference ? { payout_ref: detail.reference } : { member_reason: detail.memberReason };
    await tx.updateTable('withdrawals').set(recorded).where('id', '=', id).execute();
    await recordAudit(tx, by.actor, {
      action: outcome === 'SUCCESS' ? 'withdrawal.pay' : 'withdrawal.reject',
      target: `withdrawal:${id}`,
      before: { status: 'PENDING' },
      after: {
        status: outcome,
        ...(detail.reference ? { reference: detail.reference } : {}),
        ...(detail.memberReason ? { memberReason: detail.memberReason } : {}),
      },
      reason: detail.reason ?? null,
      ip: by.ip ?? null,
      journalIds: [journalId],
      at: now,
      member: memberId,
      money: { minor: amount, currency },
    });
    // the member's open app shows it paid, or the money back in the wallet, at once
    const told = { kind: 'withdraw', status: outcome, amount: toMajor(amount, currency as Currency) } as const;
    await notifyMember(ctx.database, memberId, detail.memberReason ? { ...told, reason: detail.memberReason } : told, tx);
  });
}

/** Paid by the bank transfer whose reference is given. */
export async function payWithdrawal(ctx: Books, by: By, input: { id: number; reference: string }) {
  const reference = input.reference.trim();
  // the contract's 3 to 64 characters, the spaces around them aside
  if (reference.length < 3 || reference.length > 64) throw badRequest('KEY_INVALID');
  return settle(ctx, by, input.id, 'SUCCESS', { reference });
}

/**
 * Not paid: the money returns to the member's wallet, the person's reason in the audit trail, and the member
 * told why in their words (`memberReason`; not given: "contact support to learn why").
 */
export const rejectWithdrawal = async (ctx: Books, by: By, input: { id: number; reason: string; memberReason?: WithdrawReason }) =>
  settle(ctx, by, input.id, 'FAILED', {
    reason: requiredReason(input.reason),
    memberReason: input.memberReason ?? WITHDRAW_REASON_DEFAULT,
  });
