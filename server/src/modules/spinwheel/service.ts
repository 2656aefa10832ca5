import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { coinsOf, giveCoins, spendCoin } from '../../ledger/coins.js';
import { convert, toMajor } from '../../ledger/money.js';
import { memberMoney, payReward } from '../../ledger/operations.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { inLanguage, type Lang, type LocalizedText } from '../../settings/registry.js';
import { siteMoney } from '../../lib/site-money.js';
import { grant, hasActiveReward, textFor, type MoneyReader } from '../bonus/service.js';
import { memberBetsSince, playedThrough } from '../games/service.js';
import { drawSlice } from './draw.js';
import { couponOf, couponRowsOfEntries, markClaimed, markCoinsGranted, recordSpin, stillPending, waitingCoins } from './repository.js';
import type { SliceView } from '../../../../contract/spinwheel.js';
import { currentWheel, parseWheel, type Slice, type Wheel } from './wheel.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A slice as one member sees it: its label and description in their language, `{money:N}` in their currency. */
export const sliceView = (s: Slice, reader: MoneyReader): SliceView => ({
  code: s.code,
  label: textFor(s.label, reader),
  bgColor: s.bgColor,
  textColor: s.textColor,
  htmlDescription: textFor(s.html, reader),
});

/**
 * The reader of a coupon's words: the member's, at the kip-per-baht rate the coupon's amount was converted at
 * (stored with the spin), so its label says what it pays whatever the rate is today; a spin of an earlier
 * release, at today's.
 */
export const couponReader = (reader: MoneyReader, kipPerBaht: number | null): MoneyReader =>
  kipPerBaht === null ? reader : { ...reader, site: { ...reader.site, kipPerBaht } };

/** The wheel members can spin: the operator has it on and there is one. */
export async function offeredWheel(ctx: AppContext, tx: Tx) {
  return ctx.settings.get('spinwheel').active ? currentWheel(tx) : undefined;
}

/**
 * One spin, inside the caller's transaction: the member's lock, the wheel on (SPINWHEEL_INACTIVE 403),
 * one coin spent by a conditional debit (NO_COIN 400, and nothing else happens), the slice drawn on the
 * server, and the spin recorded; a slice with a prize makes a coupon that expires after couponDays.
 */
export async function spin(ctx: AppContext, tx: Tx, memberId: number, lang: Lang) {
  const now = ctx.now();
  const member = await memberMoney(tx, memberId);
  const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
  const wheel = await offeredWheel(ctx, tx);
  if (!wheel) throw new ApiError(403, 'SPINWHEEL_INACTIVE');
  const coinJournalId = await spendCoin(tx, memberId, now);
  const slice = drawSlice(wheel.slices);
  const prize = slice.prize;
  const id = await recordSpin(tx, {
    member_id: memberId,
    wheel_id: wheel.id,
    slice_code: slice.code,
    prize_type: prize.type,
    // the coupon's value in the member's currency (a Lao-site member may hold baht)
    amount: prize.type === 'cash' || prize.type === 'bonus' ? convert(prize.amount, site.currency, member.currency, site.kipPerBaht) : 0,
    bonus_code: prize.type === 'bonus' ? prize.bonus : null,
    coin_journal_id: coinJournalId,
    created_at: now,
    expires_at: prize.type === 'nothing' ? null : now + ctx.settings.get('spinwheel').couponDays * DAY_MS,
    claimed_at: null,
    claim_journal_id: null,
    kip_per_baht: site.kipPerBaht,
  });
  return {
    code: slice.code,
    label: textFor(slice.label, { lang, currency: member.currency, site }),
    remainingCoin: await coinsOf(tx, memberId),
    coupon: prize.type === 'nothing' ? null : id,
  };
}

/** The coupon value as sent: a coupon _id, as a number or as digits; anything else is INVALID_CODE. */
export function couponId(value: number | string): number {
  const id = typeof value === 'number' ? value : /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  // ids are 32-bit (Postgres serial): a larger number is no coupon, never a database error
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw badRequest('INVALID_CODE');
  return id;
}

/**
 * Claims a coupon once, inside the caller's transaction. Refusals, in this order, each changing nothing:
 * INVALID_CODE (400), NO_CLAIMABLE_COUPON (404: not the member's, not a coupon, or claimed already),
 * COUPON_EXPIRED (400), INVALID_COUPON_TYPE (400: an item prize staff hand out), INVALID_PRIZE_CODE
 * (400: the bonus it gives is gone), BONUS_REMAINING (409: a bonus prize while a bonus is active).
 */
export async function claim(ctx: AppContext, tx: Tx, memberId: number, value: number | string) {
  const id = couponId(value);
  const now = ctx.now();
  const member = await memberMoney(tx, memberId);
  const coupon = await couponOf(tx, memberId, id);
  if (!coupon || coupon.claimed_at !== null) throw new ApiError(404, 'NO_CLAIMABLE_COUPON');
  if (now >= Number(coupon.expires_at)) throw badRequest('COUPON_EXPIRED');
  const amount = Number(coupon.amount);
  let journalId: number;
  // cash: a reward paid into the wallet, LUCKYDRAW on the statement
  if (coupon.prize_type === 'cash') journalId = await payReward(tx, member, { amountMinor: amount, source: 'LUCKYDRAW' }, now);
  else if (coupon.prize_type === 'bonus') {
    const bonus = await tx
      .selectFrom('bonuses')
      .selectAll()
      .where('code', '=', coupon.bonus_code ?? '')
      .executeTakeFirst();
    if (!bonus) throw badRequest('INVALID_PRIZE_CODE');
    if (await hasActiveReward(tx, memberId)) throw conflict('BONUS_REMAINING');
    const offer = { ...bonus, kind: 'bonus' as const, give_percent: null, give_max: null, give_fixed: amount, min_deposit: 0 };
    // the coupon already holds the member's currency
    ({ journalId } = await grant(tx, member, offer, now, { currency: member.currency, kipPerBaht: 600 }));
  } else throw badRequest('INVALID_COUPON_TYPE');
  if (!(await markClaimed(tx, id, journalId, now))) throw new ApiError(404, 'NO_CLAIMABLE_COUPON');
  return { message: 'SUCCESS' as const, coupon: id, type: coupon.prize_type, amount: toMajor(amount, member.currency) };
}

export const wheelName = (json: string, lang: Lang) => inLanguage(JSON.parse(json) as LocalizedText, lang);

/** The coupons these journal entries paid out, each with its wheel, for the statement's `luckydraw`. */
export async function couponsOfEntries(
  tx: Tx,
  journalIds: number[],
): Promise<{ id: number; claim_journal_id: number | null; slice_code: string; kip_per_baht: number | null; wheel: Wheel }[]> {
  const rows = await couponRowsOfEntries(tx, journalIds);
  return rows.map((c) => ({
    id: c.id,
    claim_journal_id: c.claim_journal_id,
    slice_code: c.slice_code,
    kip_per_baht: c.kip_per_baht,
    wheel: parseWheel({ id: 0, name: c.wheel_name, slices: c.wheel_slices }),
  }));
}

/**
 * Deposit coins waiting for play (issue 19; ledger/coins.ts records them). Whenever the member's coins
 * are looked at (the wheel, a spin, the profile and wallet) or a withdrawal is asked for, the providers
 * are asked for the member's bets since the oldest waiting deposit (every deposit made while it waits
 * counts from there too); those bets, less what the deposits already given from them took, play the
 * waiting deposits through oldest first (games/service.ts, as the invite programme does), and the coins of
 * the deposits they reach are given in one coin_earn entry. Once nothing waits, bets left over count for
 * no later deposit: each new deposit is played from its own time.
 */

/** What still waits: the coins, and the bets (minor units of the member's currency) that would give them all. */
export interface WaitingCoins {
  coins: number;
  bet: number;
}

/**
 * Gives the coins of the waiting deposits the member has played through; answers what still waits, or
 * undefined when nothing does. A provider that does not answer counts as no bets: its deposits wait for
 * the next look.
 */
export async function refreshCoins(ctx: AppContext, memberId: number): Promise<WaitingCoins | undefined> {
  return (await playCoins(ctx, memberId, await waitingCoins(ctx.database.db, memberId))).waiting;
}

/** The member's deposit coins as `waitingCoins` reads them, and their game accounts when already read. */
export interface CoinsRead {
  waiting: { id: number; coins: number; wager_target: number; wager_since: number }[];
  taken: number;
  accounts?: { provider: string; username: string }[];
}

/**
 * `refreshCoins` from rows the caller read already (the wallet view reads them with everything else):
 * answers whether coins were given, so the caller knows its read is out of date.
 */
export async function refreshCoinsFrom(ctx: AppContext, memberId: number, read: CoinsRead): Promise<boolean> {
  return (await playCoins(ctx, memberId, read)).granted;
}

async function playCoins(ctx: AppContext, memberId: number, read: CoinsRead): Promise<{ granted: boolean; waiting?: WaitingCoins }> {
  const { waiting, taken } = read;
  if (waiting.length === 0) return { granted: false };
  const { bets } = await memberBetsSince(ctx, memberId, Number(waiting[0]!.wager_since), read.accounts);
  const { played, left } = playedThrough(waiting, (r) => Number(r.wager_target), bets - taken);
  if (played.length > 0) await grantPlayed(ctx, memberId, played);
  const granted = played.length > 0;
  const rest = waiting.slice(played.length);
  if (rest.length === 0) return { granted };
  return {
    granted,
    waiting: {
      coins: rest.reduce((sum, r) => sum + Number(r.coins), 0),
      bet: rest.reduce((sum, r) => sum + Number(r.wager_target), 0) - Math.max(left, 0),
    },
  };
}

/**
 * One coin_earn entry for the rows still pending, under the member's lock: concurrent looks, and a
 * withdrawal forfeiting them, queue on it, so each row gives its coins at most once.
 */
async function grantPlayed(ctx: AppContext, memberId: number, played: { id: number }[]): Promise<void> {
  await withTransaction(ctx.database, async (tx) => {
    await memberMoney(tx, memberId);
    const ids = played.map((r) => r.id);
    const rows = await stillPending(tx, ids);
    if (rows.length === 0) return;
    const now = ctx.now();
    const coins = rows.reduce((sum, r) => sum + Number(r.coins), 0);
    const journalId = await giveCoins(tx, memberId, coins, 'DEPOSIT', now);
    const grantedIds = rows.map((r) => r.id);
    const granted = await markCoinsGranted(tx, grantedIds, journalId, now);
    // the member's lock is held: a shortfall means a bug, not a race
    if (granted !== grantedIds.length) throw new Error(`deposit coins: granted ${granted} of ${rows.length} rows`);
  });
}
