import type { Tx } from '../../db/transaction.js';

/** The wallet module's data: withdrawals as the payout hand-off needs them. */

/** Marks the withdrawal as handed to the payout adapter; false if it already was (a replayed request). */
export async function claimPayoutSubmission(tx: Tx, withdrawalId: number, payoutRef: string): Promise<boolean> {
  const claimed = await tx
    .updateTable('withdrawals')
    .set({ payout_ref: payoutRef })
    .where('id', '=', withdrawalId)
    .where('payout_ref', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** What the payout adapter is told: the amount and the account the withdrawal was requested to. */
export const payoutOf = (tx: Tx, withdrawalId: number) =>
  tx
    .selectFrom('withdrawals')
    .select(['amount', 'currency', 'bank_code', 'bank_account_no', 'bank_account_name'])
    .where('id', '=', withdrawalId)
    .executeTakeFirstOrThrow();

/** The member's money on its way: transfers waiting for their provider and withdrawals waiting to be paid, oldest first. */
export async function pendingOf(tx: Tx, memberId: number) {
  const transfers = await tx
    .selectFrom('transfer_intents')
    .select(['provider', 'direction', 'amount', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .execute();
  const withdrawals = await tx
    .selectFrom('withdrawals')
    .select(['amount', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .orderBy('created_at')
    .execute();
  return { transfers, withdrawals };
}
