import type { AppContext } from '../../context.js';
import { callWithin } from '../../lib/outside-call.js';
import { accountsOf } from './repository.js';

/**
 * A member's play as the game providers report it, for everything waiting on play: a bonus's turnover,
 * an invitee's deposits (the inviter's share), a deposit's spin-wheel coins.
 */

/**
 * The member's bets since `since` (ms) across all their game accounts, asked in parallel so a hanging
 * provider costs one timeout. A provider that does not answer counts as nothing; `answered` says whether
 * every one did.
 */
export async function memberBetsSince(ctx: AppContext, memberId: number, since: number): Promise<{ bets: number; answered: boolean }> {
  const accounts = await accountsOf(ctx.database.db, memberId);
  const bets = await Promise.all(
    accounts.map((a) => callWithin(() => ctx.games.betsSince(a.provider, a.username, since), ctx.config.providerTimeoutMs)),
  );
  return { bets: bets.reduce<number>((sum, b) => sum + (b ?? 0), 0), answered: bets.every((b) => b !== undefined) };
}

/**
 * Which of the waiting deposits, oldest first, these bets have played through: each takes its whole
 * target from the bets left, stopping at the first they do not reach, so no bet counts for two deposits
 * and a younger deposit never goes before an older one. Answers those and the bets left over.
 */
export function playedThrough<T>(waiting: readonly T[], targetOf: (item: T) => number, bets: number): { played: T[]; left: number } {
  let left = bets;
  const played: T[] = [];
  for (const item of waiting) {
    if (left < targetOf(item)) break;
    left -= targetOf(item);
    played.push(item);
  }
  return { played, left };
}
