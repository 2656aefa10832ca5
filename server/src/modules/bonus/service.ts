import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import type { Selectable } from 'kysely';
import type { MemberBonusesTable } from '../../db/schema.js';
import { ApiError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { callWithin } from '../../lib/outside-call.js';
import { balanceOf, houseAccount, post, walletAccount, walletCode } from '../../ledger/ledger.js';
import { toMajor, toMinor } from '../../ledger/money.js';
import { memberMoney, type MemberMoney } from '../../ledger/operations.js';
import { accountsOf, gameBalancesOf, providersOf } from '../games/repository.js';
import { syncGame } from '../games/sync.js';
import { activeReward, endReward, inTransitOf, latestDepositSinceLastReward, recordProgress } from './repository.js';

/**
 * Bonus money (§3 Bonus, Promotion; §4 Bonus): given from the bonus expense account to the wallet in
 * one journal entry, then held by its turnover: until the member's bets since receiving it reach the
 * target, withdrawals answer BONUS_CONDITION. Bonuses and promotions share this: one active per member.
 */

export type Reward = Selectable<MemberBonusesTable>;

/** What a bonus or a promotion gives, as its row says it (minor units). */
export interface Offer {
  kind: 'bonus' | 'promotion';
  code: string;
  percent_fail: number;
  give_percent: number | null;
  give_max: number | null;
  give_fixed: number | null;
  min_deposit: number;
  turnover_multiple: number;
}

/**
 * Gives the offer to the member inside the caller's transaction (which holds the member's lock and has
 * made the offer's own checks). A percentage, or a minimum deposit, needs a deposit since the last
 * bonus (BONUS_CONDITION otherwise); `cap` limits the amount to what is left of a budget.
 */
export async function grant(tx: Tx, member: MemberMoney, offer: Offer, now: number, cap = Number.MAX_SAFE_INTEGER) {
  const needsDeposit = offer.give_percent !== null || Number(offer.min_deposit) > 0;
  const deposit = needsDeposit ? await latestDepositSinceLastReward(tx, member.memberId) : undefined;
  if (needsDeposit && (!deposit || Number(deposit.amount) < Number(offer.min_deposit))) throw badRequest('BONUS_CONDITION');
  const base = Number(deposit?.amount ?? 0);
  const wanted =
    offer.give_percent !== null
      ? Math.min(Math.floor((base * offer.give_percent) / 100), Number(offer.give_max))
      : Number(offer.give_fixed);
  const amount = Math.min(wanted, cap);
  if (amount <= 0) throw badRequest('BONUS_CONDITION');
  const target = offer.turnover_multiple * (base + amount);
  const expense = await houseAccount(tx, 'bonusExpense', member.currency);
  const wallet = await walletAccount(tx, member.memberId, member.currency);
  const journalId = await post(tx, {
    memberId: member.memberId,
    type: 'bonus',
    status: 'SUCCESS',
    amount,
    from: offer.kind === 'bonus' ? 'BONUS' : 'PROMOTION',
    to: 'WALLET',
    visible: true,
    postings: [
      { accountId: expense, amount: -amount },
      { accountId: wallet, amount },
    ],
    now,
  });
  try {
    await tx
      .insertInto('member_bonuses')
      .values({
        member_id: member.memberId,
        bonus_code: offer.kind === 'bonus' ? offer.code : null,
        promotion_code: offer.kind === 'promotion' ? offer.code : null,
        amount,
        percent_fail: offer.percent_fail,
        deposit_journal_id: deposit?.id ?? null,
        journal_id: journalId,
        finish_journal_id: null,
        turnover_target: target,
        turnover_progress: 0,
        active: 1,
        received_at: now,
        finished_at: null,
        finish_reason: null,
      })
      .execute();
  } catch (err) {
    // Postgres: a twin activation of the same member got in first (the one-active or once-per-member index)
    if (isUniqueViolation(err)) throw conflict(offer.kind === 'promotion' ? 'PROMOTION_RECEIVED' : 'BONUS_ALREADY_ACTIVE');
    throw err;
  }
  return { amount, target, journalId };
}

/** The turnover as the site shows it, in the member's currency. */
export function turnoverView(reward: Pick<Reward, 'turnover_target' | 'turnover_progress'>, member: MemberMoney) {
  const target = Number(reward.turnover_target);
  const progress = Math.min(Number(reward.turnover_progress), target);
  return {
    target: toMajor(target, member.currency),
    progress: toMajor(progress, member.currency),
    remaining: toMajor(target - progress, member.currency),
  };
}

/**
 * Asks the providers for the member's bets since the active bonus began. A provider that does not
 * answer counts as nothing new (the figure kept never goes down). When the target is reached the bonus
 * ends by itself: a finish_bonus entry with no postings (the money was already in the wallet; it is
 * simply free now). Answers the reward still active, or undefined.
 */
export async function refreshTurnover(ctx: AppContext, memberId: number): Promise<Reward | undefined> {
  const db = ctx.database.db;
  const reward = await activeReward(db, memberId);
  if (!reward) return undefined;
  const accounts = await accountsOf(db, memberId);
  const bets = await Promise.all(
    accounts.map((a) =>
      callWithin(() => ctx.games.betsSince(a.provider, a.username, Number(reward.received_at)), ctx.config.providerTimeoutMs),
    ),
  );
  const counted = bets.reduce<number>((sum, b) => sum + (b ?? 0), 0);
  const progress = Math.max(Number(reward.turnover_progress), counted);
  if (progress < Number(reward.turnover_target)) {
    if (progress > Number(reward.turnover_progress)) await recordProgress(db, reward.id, progress);
    return { ...reward, turnover_progress: progress };
  }
  await withTransaction(ctx.database, async (tx) => {
    await memberMoney(tx, memberId, ctx.database.dialect);
    const still = await activeReward(tx, memberId);
    if (still?.id !== reward.id) return;
    const journalId = await post(tx, finishEntry(reward, ctx.now(), []));
    await endReward(tx, reward.id, { reason: 'TURNOVER', journalId, progress, now: ctx.now() });
  });
  return undefined;
}

function finishEntry(reward: Reward, now: number, postings: { accountId: number; amount: number }[], amount = Number(reward.amount)) {
  return {
    memberId: reward.member_id,
    type: 'finish_bonus',
    status: 'SUCCESS' as const,
    amount,
    from: 'WALLET',
    to: reward.bonus_code ? 'BONUS' : 'PROMOTION',
    visible: true,
    postings,
    now,
  };
}

/** Wallet, game balances and money in transit between them: what the cancel rule compares (§9). */
async function holdings(tx: Tx, memberId: number): Promise<number> {
  const games = [...(await gameBalancesOf(tx, memberId)).values()].reduce((a, b) => a + b, 0);
  return (await balanceOf(tx, walletCode(memberId))) + games + (await inTransitOf(tx, memberId));
}

/** Game balances brought up to date first (best effort: a provider that does not answer keeps its last figure). */
async function syncGames(ctx: AppContext, memberId: number): Promise<void> {
  await Promise.all((await providersOf(ctx.database.db, memberId)).map((p) => syncGame(ctx, memberId, p)));
}

/** GET /api/bonus/check/minimum: the cancel threshold and where the member stands. */
export async function clearMinimum(ctx: AppContext, memberId: number) {
  await syncGames(ctx, memberId);
  const db = ctx.database.db;
  const member = await memberMoney(db, memberId);
  return {
    minimum: ctx.settings.get('bonus').clearBelow,
    balance: toMajor(await holdings(db, memberId), member.currency),
  };
}

/**
 * GET /api/bonus/clear: ends the active bonus when wallet plus games have fallen below the operator's
 * amount (BONUS_REMAINING otherwise). percentFail of the bonus, at most what the wallet holds, goes back
 * to the bonus expense account with the finish_bonus entry.
 */
export async function clearReward(ctx: AppContext, memberId: number) {
  if (!(await refreshTurnover(ctx, memberId))) throw new ApiError(404, 'NO_DATA');
  await syncGames(ctx, memberId);
  return withTransaction(ctx.database, async (tx) => {
    const member = await memberMoney(tx, memberId, ctx.database.dialect);
    const reward = await activeReward(tx, memberId);
    if (!reward) throw new ApiError(404, 'NO_DATA');
    if ((await holdings(tx, memberId)) >= toMinor(ctx.settings.get('bonus').clearBelow, member.currency))
      throw badRequest('BONUS_REMAINING');
    const now = ctx.now();
    const wallet = await balanceOf(tx, walletCode(memberId));
    const forfeit = Math.min(Math.floor((Number(reward.amount) * reward.percent_fail) / 100), wallet);
    const postings =
      forfeit > 0
        ? [
            { accountId: await walletAccount(tx, memberId, member.currency), amount: -forfeit },
            { accountId: await houseAccount(tx, 'bonusExpense', member.currency), amount: forfeit },
          ]
        : [];
    const journalId = await post(tx, finishEntry(reward, now, postings, forfeit > 0 ? forfeit : Number(reward.amount)));
    if (!(await endReward(tx, reward.id, { reason: 'CLEAR', journalId, progress: Number(reward.turnover_progress), now })))
      throw new ApiError(404, 'NO_DATA');
    return { message: 'BONUS_CLEAR' as const, forfeited: toMajor(forfeit, member.currency) };
  });
}

/** Withdrawals wait for the turnover: called inside the withdrawal's transaction, after the member's lock. */
export async function refuseWhileBonusActive(tx: Tx, memberId: number): Promise<void> {
  if (await activeReward(tx, memberId)) throw badRequest('BONUS_CONDITION');
}
