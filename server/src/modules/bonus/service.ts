import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { sql, type Selectable } from 'kysely';
import type { MemberBonusesTable } from '../../db/schema.js';
import type { OfferTerms } from '../../../../contract/bonus.js';
import { ApiError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { CLI_SYSTEM, madeBy, recordAudit, type By } from '../audit/service.js';
import { endHold, judgeCredit, waitingHolds } from '../adjustments/service.js';
import { notifyMember } from '../events/service.js';
import { balanceOf, houseAccount, move, walletAccount, walletCode } from '../../ledger/ledger.js';
import { convert, toMajor, type Currency } from '../../ledger/money.js';
import { inLanguage, type Lang, type LocalizedText } from '../../settings/localized.js';
import { memberMoney, payReward, type MemberMoney } from '../../ledger/operations.js';
import { gameBalancesOf, memberBetsSince, providersOf, syncGame } from '../games/service.js';
import { settingToMember, siteMoney, type SiteMoney } from '../../lib/site-money.js';
import {
  activeReward,
  depositedBefore,
  endReward,
  paidSoFar,
  inTransitOf,
  latestDepositSinceLastReward,
  recordProgress,
  withdrewSince,
} from './repository.js';

/**
 * Bonus money (§3 Bonus, Promotion; §4 Bonus): given from the bonus expense account to the wallet in
 * one journal entry, then held by its turnover: until the member's bets since receiving it reach the
 * target, withdrawals answer BONUS_CONDITION (the whole balance is held, not only the bonus). Bonuses and promotions share this: one active per member.
 */

export { decideBonusChange, draftOf as bonusDraftOf, listConsoleBonuses, offerBonus, proposeBonus } from './console-bonuses.js';
export { addConsolePromotion, listConsolePromotions } from './console-promotions.js';
export { decidePromotion, stopPromotion } from './promotion-approval.js';
export { badMoneyPlaceholder, MONEY_PLACEHOLDER_HELP, moneyReader, textFor, type MoneyReader } from './money-text.js';

export type Reward = Selectable<MemberBonusesTable>;

/** What a bonus or a promotion gives, as its row says it (minor units of the site's currency). */
export interface Offer {
  kind: 'bonus' | 'promotion';
  code: string;
  percent_fail: number;
  give_percent: number | null;
  give_max: number | null;
  give_fixed: number | null;
  min_deposit: number;
  turnover_multiple: number;
  /** 1: only on the member's first deposit ever */
  first_deposit?: number;
}

/** What receiving the offer now gives and the turnover it sets (minor units of the member's currency). */
export interface Quote {
  amount: number;
  target: number;
  /** the deposit it rides on, when it needs one */
  depositId: number | null;
}

/**
 * What the offer would give the member now, or the refusal that says why not (400, each its own code):
 * a percentage, or a minimum deposit, needs a deposit of at least the minimum since the last bonus
 * (BONUS_DEPOSIT_REQUIRED), with no withdrawal after it (BONUS_WITHDRAWN_SINCE: bonus money rides on
 * money still here); a first-deposit offer needs that deposit to be the first (BONUS_FIRST_DEPOSIT_ONLY);
 * an amount that comes to nothing is BONUS_AMOUNT_ZERO. `cap` (site currency) limits the amount to what
 * is left of a budget. Reads only: the bonus page shows it as the terms, the grant gives it.
 */
export async function quote(tx: Tx, member: MemberMoney, offer: Offer, site: SiteMoney, cap = Number.MAX_SAFE_INTEGER): Promise<Quote> {
  const toMember = (siteMinor: number) => convert(Number(siteMinor), site.currency, member.currency, site.kipPerBaht);
  const needsDeposit = offer.give_percent !== null || Number(offer.min_deposit) > 0 || !!offer.first_deposit;
  const deposit = needsDeposit ? await latestDepositSinceLastReward(tx, member.memberId, toMember(offer.min_deposit)) : undefined;
  if (needsDeposit) {
    if (!deposit) throw badRequest('BONUS_DEPOSIT_REQUIRED');
    if (await withdrewSince(tx, member.memberId, deposit.id)) throw badRequest('BONUS_WITHDRAWN_SINCE');
    if (offer.first_deposit && (await depositedBefore(tx, member.memberId, deposit.id))) throw badRequest('BONUS_FIRST_DEPOSIT_ONLY');
  }
  const base = Number(deposit?.amount ?? 0);
  const wanted =
    offer.give_percent !== null
      ? Math.min(Math.floor((base * offer.give_percent) / 100), toMember(Number(offer.give_max)))
      : toMember(Number(offer.give_fixed));
  const amount = Math.min(wanted, cap === Number.MAX_SAFE_INTEGER ? cap : toMember(cap));
  if (amount <= 0) throw badRequest('BONUS_AMOUNT_ZERO');
  return { amount, target: offer.turnover_multiple * (base + amount), depositId: deposit?.id ?? null };
}

/** The quote as the site states it before the member confirms: the amount and turnover, or the refusal's code. */
export async function termsOf(tx: Tx, member: MemberMoney, offer: Offer, site: SiteMoney, cap?: number): Promise<OfferTerms> {
  if (cap !== undefined && cap <= 0) return { amount: 0, turnover: 0, currency: member.currency, refusal: 'BONUS_FULL' };
  try {
    const { amount, target } = await quote(tx, member, offer, site, cap);
    return {
      amount: toMajor(amount, member.currency),
      turnover: toMajor(target, member.currency),
      currency: member.currency,
      refusal: null,
    };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { amount: 0, turnover: 0, currency: member.currency, refusal: err.code };
    throw err;
  }
}

/**
 * Gives the offer to the member inside the caller's transaction (which holds the member's lock and has
 * made the offer's own checks): what `quote` answers, paid from the bonus expense account.
 */
export async function grant(tx: Tx, member: MemberMoney, offer: Offer, now: number, site: SiteMoney, cap = Number.MAX_SAFE_INTEGER) {
  const { amount, target, depositId } = await quote(tx, member, offer, site, cap);
  const journalId = await payReward(tx, member, { amountMinor: amount, source: offer.kind === 'bonus' ? 'BONUS' : 'PROMOTION' }, now);
  try {
    await tx
      .insertInto('member_bonuses')
      .values({
        member_id: member.memberId,
        bonus_code: offer.kind === 'bonus' ? offer.code : null,
        promotion_code: offer.kind === 'promotion' ? offer.code : null,
        amount,
        currency: member.currency,
        percent_fail: offer.percent_fail,
        deposit_journal_id: depositId,
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
    // Postgres: a twin activation of the same member got in first; the index it hit says which rule held
    if (isUniqueViolation(err)) throw conflict(/promotion/i.test(String(err)) ? 'PROMOTION_RECEIVED' : 'BONUS_ALREADY_ACTIVE');
    throw err;
  }
  return { amount, target, journalId };
}

/** What is left of a bonus's budget, in the site's currency (amounts given in another currency converted). */
export async function budgetLeft(tx: Tx, bonus: { code: string; budget: number | null }, site: SiteMoney): Promise<number> {
  if (bonus.budget === null) return Number.MAX_SAFE_INTEGER;
  return Number(bonus.budget) - (await paidSoFar(tx, bonus.code, site));
}

/** The turnover as the site shows it, in the member's currency. */
export function turnoverView(reward: Pick<Reward, 'turnover_target' | 'turnover_progress'>, member: Pick<MemberMoney, 'currency'>) {
  const target = Number(reward.turnover_target);
  const progress = Math.min(Number(reward.turnover_progress), target);
  return {
    target: toMajor(target, member.currency),
    progress: toMajor(progress, member.currency),
    remaining: toMajor(target - progress, member.currency),
  };
}

/**
 * What staff call a running reward: a bonus by its name in `lang`, a promotion by its code (its description
 * is the member's HTML terms, not a name).
 */
async function rewardName(tx: Tx, reward: Pick<Reward, 'bonus_code' | 'promotion_code'>, lang: Lang): Promise<string> {
  if (!reward.bonus_code) return nameFor(reward, null, lang);
  const bonus = await tx.selectFrom('bonuses').select('name').where('code', '=', reward.bonus_code).executeTakeFirst();
  return nameFor(reward, bonus?.name ?? null, lang);
}

/** rewardName's words from the bonus's stored name (JSON of a LocalizedText, or null), read by the caller. */
function nameFor(reward: Pick<Reward, 'bonus_code' | 'promotion_code'>, stored: string | null, lang: Lang): string {
  if (!reward.bonus_code) return reward.promotion_code ?? '';
  try {
    const name = JSON.parse(stored ?? 'null') as LocalizedText | null;
    return (name && inLanguage(name, lang)) || reward.bonus_code;
  } catch {
    return reward.bonus_code;
  }
}

/**
 * The member's running bonus and the turnover still to play (major units), for the staff's withdrawal
 * queue; from the figure last counted (refreshTurnover asks the game providers: a list of a hundred
 * withdrawals does not call them a hundred times). Null when no bonus runs.
 */
export async function runningBonus(tx: Tx, memberId: number, currency: Currency): Promise<{ name: string; turnoverLeft: number } | null> {
  const running = await runningReward(tx, memberId, currency, 'th');
  return running && { name: running.name, turnoverLeft: running.turnoverLeft };
}

/** The member's running reward with its name in `lang` and the turnover left (major units), or null. */
async function runningReward(tx: Tx, memberId: number, currency: Currency, lang: Lang) {
  const reward = await activeReward(tx, memberId);
  if (!reward) return null;
  return { reward, name: await rewardName(tx, reward, lang), turnoverLeft: turnoverView(reward, { currency }).remaining };
}

/**
 * The running bonus as the member's page in the console shows it (in the console's language): with what it gave (major units) and a
 * staff "End bonus" that waits for a second person, if one does.
 */
export async function runningBonusForStaff(tx: Tx, memberId: number, currency: Currency, lang: Lang) {
  const running = await runningReward(tx, memberId, currency, lang);
  if (!running) return null;
  const { reward, name, turnoverLeft } = running;
  const source = staffEndSource(reward.id);
  const hold = (await waitingHolds(tx, [source])).get(source) ?? null;
  return { id: reward.id, name, turnoverLeft, amount: toMajor(Number(reward.amount), reward.currency as Currency), hold };
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
  const { bets: counted } = await memberBetsSince(ctx, memberId, Number(reward.received_at));
  const progress = Math.max(Number(reward.turnover_progress), counted);
  if (progress < Number(reward.turnover_target)) {
    if (progress > Number(reward.turnover_progress)) await recordProgress(db, reward.id, progress);
    return { ...reward, turnover_progress: progress };
  }
  await withTransaction(ctx.database, async (tx) => {
    await memberMoney(tx, memberId);
    const still = await activeReward(tx, memberId);
    if (still?.id !== reward.id) return;
    const journalId = await move(tx, finishEntry(reward, ctx.now(), []));
    await finishReward(tx, reward.id, { reason: 'TURNOVER', journalId, progress, now: ctx.now() });
  });
  return undefined;
}

function finishEntry(reward: Reward, now: number, postings: { accountId: number; amount: number }[], amount = Number(reward.amount)) {
  return {
    memberId: reward.member_id,
    type: 'finish_bonus',
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

/** Game balances brought up to date from the providers; false when one could not be (no answer, or a transfer under way). */
async function syncGames(ctx: AppContext, memberId: number): Promise<boolean> {
  const synced = await Promise.all((await providersOf(ctx.database.db, memberId)).map((p) => syncGame(ctx, memberId, p)));
  return synced.every(Boolean);
}

/** GET /api/bonus/check/minimum: the cancel threshold and where the member stands. */
export async function clearMinimum(ctx: AppContext, memberId: number) {
  await syncGames(ctx, memberId);
  const db = ctx.database.db;
  const member = await memberMoney(db, memberId);
  const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
  return {
    minimum: toMajor(settingToMember(ctx.settings.get('bonus').clearBelow, site, member.currency), member.currency),
    balance: toMajor(await holdings(db, memberId), member.currency),
  };
}

/**
 * GET /api/bonus/clear: ends the active bonus when wallet plus games have fallen below the operator's
 * amount (BONUS_CLEAR_BALANCE otherwise: 400, nothing changed). percentFail of the bonus, at most what the wallet holds, goes back
 * to the bonus expense account with the finish_bonus entry.
 */
export async function clearReward(ctx: AppContext, memberId: number) {
  if (!(await refreshTurnover(ctx, memberId))) throw new ApiError(404, 'NO_DATA');
  // judged on game balances the providers confirmed just now, never on a stale figure
  if (!(await syncGames(ctx, memberId))) throw conflict('BALANCE_UNCONFIRMED');
  return withTransaction(ctx.database, async (tx) => {
    const member = await memberMoney(tx, memberId);
    const reward = await activeReward(tx, memberId);
    if (!reward) throw new ApiError(404, 'NO_DATA');
    const below = settingToMember(ctx.settings.get('bonus').clearBelow, siteMoney(ctx.config, ctx.settings.get('bonus')), member.currency);
    if ((await holdings(tx, memberId)) >= below) throw badRequest('BONUS_CLEAR_BALANCE');
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
    const journalId = await move(tx, finishEntry(reward, now, postings, forfeit > 0 ? forfeit : Number(reward.amount)));
    if (!(await finishReward(tx, reward.id, { reason: 'CLEAR', journalId, progress: Number(reward.turnover_progress), now })))
      throw new ApiError(404, 'NO_DATA');
    return { message: 'BONUS_CLEAR' as const, forfeited: toMajor(forfeit, member.currency) };
  });
}

/** The name a staff "End bonus" of this running bonus has in the money policy and its holds. */
export const staffEndSource = (rewardId: number) => `member-bonus:${rewardId}`;

/**
 * Every way a running bonus ends (its turnover met, the member's clear, staff): the reward row, and a staff
 * "End bonus" still waiting for a second person ends with it (a staff end applied its own hold already).
 * Answers whether it was still running.
 */
async function finishReward(tx: Tx, id: number, end: Parameters<typeof endReward>[2]): Promise<boolean> {
  if (!(await endReward(tx, id, end))) return false;
  await endHold(tx, staffEndSource(id), CLI_SYSTEM, end.now);
  return true;
}

/** The holds of staff "End bonus" calls that wait for a second person (their source's prefix). */
const STAFF_END_SOURCES = 'member-bonus:%';

/** How many staff "End bonus" calls wait for a second person (the dashboard's count). */
export async function bonusEndsWaiting(db: Tx): Promise<number> {
  const row = await db
    .selectFrom('credit_holds')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'PENDING')
    .where('source', 'like', STAFF_END_SOURCES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The staff "End bonus" calls that wait for a second person, oldest first (at most 100), with their member and bonus. */
export async function waitingBonusEnds(db: Tx, lang: Lang) {
  const rows = await db
    .selectFrom('credit_holds as h')
    .innerJoin('members as m', 'm.id', 'h.member_id')
    .innerJoin('member_bonuses as mb', (join) => join.on(sql<boolean>`h.source = 'member-bonus:' || mb.id`))
    .leftJoin('bonuses as b', 'b.code', 'mb.bonus_code')
    .select(['h.source', 'm.id', 'm.phone', 'm.name', 'h.currency', 'mb.bonus_code', 'mb.promotion_code', 'b.name as bonus_name'])
    .where('h.status', '=', 'PENDING')
    .where('h.source', 'like', STAFF_END_SOURCES)
    .orderBy('h.asked_at')
    .orderBy('h.id')
    .limit(100)
    .execute();
  const holds = await waitingHolds(
    db,
    rows.map((r) => r.source),
  );
  return rows.map((r) => ({
    member: { id: r.id, phone: r.phone, name: r.name },
    currency: r.currency as Currency,
    bonus: nameFor(r, r.bonus_name, lang),
    hold: holds.get(r.source)!,
  }));
}

/** What a staff "End bonus" did: ended it (its code and entry), or nothing yet: it waits for a second person. */
export type StaffEnd = { ended: { code: string; journalId: number } } | { waits: 'amount' | 'day' };

/**
 * Staff end a member's running bonus or promotion (the console's member page, or the operator's `bonus end`):
 * a finish_bonus entry with reason STAFF that moves no money. The money stays in the wallet and is free
 * from now on; money to take back is a debit adjustment, which needs a second approver above the threshold.
 *
 * Freeing the bonus money early is the person's word that the member may withdraw what the turnover held,
 * so the money policy judges the bonus amount as their credit (credit-holds.ts, source `member-bonus:<id>`):
 * within their allowance it ends now and counts against it; past it nothing ends and a hold waits for a
 * second finance clerk or admin, whose "End bonus" ends it (the asker's own is 403 FOUR_EYES). Else a
 * clerk in league with members could free bonus after bonus, each small, beyond the operator's threshold.
 * Under the member's lock, so a receive, a withdrawal or the turnover finishing at the same moment comes
 * before or after it; 404 NO_DATA when no bonus runs. The audit row and the entry's made_by name the person.
 */
export async function endRewardByStaff(
  ctx: Pick<AppContext, 'database' | 'now'>,
  by: By,
  memberId: number,
  reason: string,
  /** The running bonus the clerk saw, when the console says: another running now is 409 BONUS_CHANGED. */
  seen?: number,
): Promise<StaffEnd> {
  return withTransaction(ctx.database, async (tx) => {
    const member = await tx.selectFrom('members').select(['id', 'phone']).where('id', '=', memberId).executeTakeFirst();
    if (!member) throw new ApiError(404, 'NO_DATA');
    await memberMoney(tx, memberId);
    const reward = await activeReward(tx, memberId);
    if (!reward) throw new ApiError(404, 'NO_DATA');
    if (seen !== undefined && reward.id !== seen) throw conflict('BONUS_CHANGED');
    const now = ctx.now();
    const amount = Number(reward.amount);
    const currency = reward.currency as Currency;
    const verdict = await judgeCredit(tx, by.actor, {
      source: staffEndSource(reward.id),
      memberId,
      currency,
      amount,
      ownWord: amount,
      reason,
      now,
    });
    const kind = reward.bonus_code ? 'bonus' : 'promotion';
    const audit = (after: Record<string, unknown>, journalIds: number[]) =>
      recordAudit(tx, by.actor, {
        action: 'bonus.end',
        target: `member:${member.phone}`,
        before: {
          [kind]: reward.bonus_code ?? reward.promotion_code,
          amount,
          turnoverTarget: Number(reward.turnover_target),
          turnoverProgress: Number(reward.turnover_progress),
        },
        after,
        reason,
        ip: by.ip ?? null,
        journalIds,
        at: now,
        member: memberId,
        money: { minor: amount, currency },
      });
    if (!verdict.apply) {
      await audit({ status: 'WAITING', waitsBecause: verdict.because }, []);
      return { waits: verdict.because };
    }
    const journalId = await move(tx, finishEntry(reward, now, []));
    if (
      !(await finishReward(tx, reward.id, {
        reason: 'STAFF',
        journalId,
        progress: Number(reward.turnover_progress),
        now,
        by: madeBy(by.actor),
      }))
    )
      throw new ApiError(404, 'NO_DATA');
    await audit({ finishReason: 'STAFF', ...(verdict.secondTo ? { secondTo: verdict.secondTo } : {}) }, [journalId]);
    await notifyMember(ctx.database, memberId, { kind: 'bonus', status: 'ENDED' }, tx);
    return { ended: { code: reward.bonus_code ?? reward.promotion_code ?? '', journalId } };
  });
}

/** Withdrawals wait for the turnover: called inside the withdrawal's transaction, after the member's lock. */
export async function refuseWhileBonusActive(tx: Tx, memberId: number): Promise<void> {
  if (await activeReward(tx, memberId)) throw badRequest('BONUS_CONDITION');
}

/** Whether the member has a bonus or promotion running (refund and the spin wheel refuse while one does). */
export const hasActiveReward = async (tx: Tx, memberId: number): Promise<boolean> => (await activeReward(tx, memberId)) !== undefined;

/** The bonus or promotion each of these journal entries (received or finished) belongs to, for the statement. */
export function rewardsOfEntries(tx: Tx, journalIds: number[]) {
  if (journalIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('member_bonuses as mb')
    .leftJoin('bonuses as b', 'b.code', 'mb.bonus_code')
    .leftJoin('promotions as p', 'p.code', 'mb.promotion_code')
    .select(['mb.journal_id', 'mb.finish_journal_id', 'mb.finish_reason', 'mb.bonus_code', 'mb.promotion_code', 'b.name', 'p.description'])
    .where((eb) => eb.or([eb('mb.journal_id', 'in', journalIds), eb('mb.finish_journal_id', 'in', journalIds)]))
    .execute();
}
