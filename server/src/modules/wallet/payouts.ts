import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { claimPayoutSubmission, payoutOf } from './repository.js';

/** After the commit: hand the payout to the adapter once (a replayed request finds it submitted). */
export async function submitPayout(ctx: AppContext, log: FastifyBaseLogger, withdrawalId: number): Promise<void> {
  if (!(await claimPayoutSubmission(ctx.database.db, withdrawalId, `sandbox-${withdrawalId}`))) return;
  const w = await payoutOf(ctx.database.db, withdrawalId);
  try {
    await ctx.payouts.submit({
      withdrawalId,
      amountMinor: w.amount,
      currency: w.currency,
      bankCode: w.bank_code,
      bankAccountNo: w.bank_account_no,
      bankAccountName: w.bank_account_name,
    });
  } catch (err) {
    // the money sits in pending payouts; the operator sees the withdrawal pending and can settle it
    log.error({ err, withdrawalId }, 'payout submission failed');
  }
}
