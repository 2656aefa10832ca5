import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/transaction.js';
import { giveCoins } from '../../ledger/coins.js';
import { memberMoney } from '../../ledger/operations.js';
import { memberBetsSince, playedThrough } from '../games/service.js';
import { markCoinsGranted, stillPending, waitingCoins } from './repository.js';

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
  const { waiting, taken } = await waitingCoins(ctx.database.db, memberId);
  if (waiting.length === 0) return undefined;
  const { bets } = await memberBetsSince(ctx, memberId, Number(waiting[0]!.wager_since));
  const { played, left } = playedThrough(waiting, (r) => Number(r.wager_target), bets - taken);
  if (played.length > 0) await grantPlayed(ctx, memberId, played);
  const rest = waiting.slice(played.length);
  if (rest.length === 0) return undefined;
  return {
    coins: rest.reduce((sum, r) => sum + Number(r.coins), 0),
    bet: rest.reduce((sum, r) => sum + Number(r.wager_target), 0) - Math.max(left, 0),
  };
}

/**
 * One coin_earn entry for the rows still pending, under the member's lock: concurrent looks, and a
 * withdrawal forfeiting them, queue on it, so each row gives its coins at most once.
 */
async function grantPlayed(ctx: AppContext, memberId: number, played: { id: number }[]): Promise<void> {
  await withTransaction(ctx.database, async (tx) => {
    await memberMoney(tx, memberId, ctx.database.dialect);
    const ids = played.map((r) => r.id);
    const rows = await stillPending(tx, ids);
    if (rows.length === 0) return;
    const now = ctx.now();
    const coins = rows.reduce((sum, r) => sum + Number(r.coins), 0);
    const journalId = await giveCoins(tx, memberId, coins, 'DEPOSIT', now);
    const grantedIds = rows.map((r) => r.id);
    const granted = await markCoinsGranted(tx, grantedIds, journalId, now);
    // SQLite transactions are serial and Postgres holds the member's lock: a shortfall means a bug, not a race
    if (granted !== grantedIds.length) throw new Error(`deposit coins: granted ${granted} of ${rows.length} rows`);
  });
}
