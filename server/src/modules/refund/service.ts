import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { settingToMember, siteMoney } from '../../lib/site-money.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { accountId, balanceOf, houseAccount, move } from '../../ledger/ledger.js';
import { toMajor } from '../../ledger/money.js';
import { memberMoney, payReward, type MemberMoney, type RewardSource } from '../../ledger/operations.js';
import { inLanguage, type Lang } from '../../settings/registry.js';
import { hasActiveReward, refreshTurnover } from '../bonus/service.js';
import { markClaimed, waitingRefunds } from './repository.js';

/**
 * Receiving a refund is two steps, as the refund modal has them: `receive` moves the computed refunds
 * into the member's refund balance (its own ledger account), `addWallet` moves that balance into the
 * wallet once the member confirms. Each is one balanced journal entry; only the second touches the
 * wallet and shows on the statement (`bonus` from REFUND).
 */

export const REFUND_FROM = 'REFUND' satisfies RewardSource;
export const refundCode = (memberId: number) => `refund:${memberId}`;
const refundAccount = (tx: Tx, member: MemberMoney) =>
  accountId(tx, {
    code: refundCode(member.memberId),
    kind: 'refund',
    memberId: member.memberId,
    currency: member.currency,
    allowNegative: false,
  });

/** GET /api/refund/check. A bonus whose turnover was reached ends first, so it no longer blocks. */
export async function refundCheck(ctx: AppContext, memberId: number, lang: Lang) {
  const rule = ctx.settings.get('refund');
  const bonus = !!(await refreshTurnover(ctx, memberId));
  const db = ctx.database.db;
  const member = await memberMoney(db, memberId);
  const waiting = (await waitingRefunds(db, memberId)).reduce((s, r) => s + Number(r.refund_amount), 0);
  const balance = await balanceOf(db, refundCode(memberId));
  return {
    result: (rule.active && waiting > 0) || balance > 0,
    bonus,
    info: inLanguage(rule.info, lang),
    refundAmount: toMajor(waiting + balance, member.currency),
    waiting: toMajor(waiting, member.currency),
    balance: toMajor(balance, member.currency),
    refundSuccess: rule.percent,
    refundFail: rule.percentWithBonus,
  };
}

/**
 * GET /api/refund/receive inside the caller's transaction (after REFUND_INACTIVE was checked): refuses
 * NO_REFUND (nothing computed and not received), REFUND_CONDITION (a bonus is active), REFUND_MINIMUM
 * (what waits is below the operator's minimum); otherwise bonus expense -> refund balance.
 */
export async function claimRefunds(ctx: AppContext, tx: Tx, memberId: number) {
  const member = await memberMoney(tx, memberId);
  const refunds = await waitingRefunds(tx, memberId);
  if (refunds.length === 0) throw badRequest('NO_REFUND');
  if (await hasActiveReward(tx, memberId)) throw badRequest('REFUND_CONDITION');
  const amount = refunds.reduce((s, r) => s + Number(r.refund_amount), 0);
  // the minimum is in the site's currency; a Lao-site member holding baht gets it converted
  const minimum = settingToMember(ctx.settings.get('refund').minimum, siteMoney(ctx.config, ctx.settings.get('bonus')), member.currency);
  if (amount < minimum) throw badRequest('REFUND_MINIMUM');
  const journalId = await move(tx, {
    memberId,
    type: 'refund_claim',
    amount,
    from: REFUND_FROM,
    to: 'REFUND_BALANCE',
    visible: false,
    postings: [
      { accountId: await houseAccount(tx, 'bonusExpense', member.currency), amount: -amount },
      { accountId: await refundAccount(tx, member), amount },
    ],
    now: ctx.now(),
  });
  // under the member's lock: a shortfall would be a bug, never a race
  if (
    (await markClaimed(
      tx,
      refunds.map((r) => r.id),
      journalId,
    )) !== refunds.length
  )
    throw new ApiError(409, 'NO_REFUND');
  return { message: 'REFUND_SUCCESS' as const, amount: toMajor(amount, member.currency) };
}

/** GET /api/refund/addWallet: the whole refund balance into the wallet (NO_REFUND when it is empty). */
export async function refundToWallet(ctx: AppContext, tx: Tx, memberId: number) {
  const member = await memberMoney(tx, memberId);
  const amount = await balanceOf(tx, refundCode(memberId));
  if (amount <= 0) throw badRequest('NO_REFUND');
  await payReward(tx, member, { amountMinor: amount, source: REFUND_FROM, fromAccountId: await refundAccount(tx, member) }, ctx.now());
  return { message: 'SUCCESS' as const, amount: toMajor(amount, member.currency) };
}
