import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/transaction.js';
import { callWithin } from '../../lib/outside-call.js';
import { balanceOf, gameAccount, gameCode, houseAccount, post } from '../../ledger/ledger.js';
import { memberMoney } from '../../ledger/operations.js';
import { findAccount, transferMark } from './repository.js';

/**
 * Brings the ledger's game balance to what the provider holds (wins and losses since the last look).
 * The provider's figure only means something if no transfer ran while we asked: the mark taken before
 * the call must be unchanged, with nothing open, when we book the difference; else we look next time.
 */
export async function syncGame(ctx: AppContext, memberId: number, provider: string): Promise<boolean> {
  const account = await findAccount(ctx.database.db, memberId, provider);
  if (!account) return false;
  const before = await transferMark(ctx.database.db, memberId, provider);
  if (!before.endsWith(':0')) return false;
  const held = await callWithin(() => ctx.games.balance(provider, account.username), ctx.config.providerTimeoutMs);
  if (held === undefined) return false;
  return withTransaction(ctx.database, async (tx) => {
    const member = await memberMoney(tx, memberId, ctx.database.dialect);
    if ((await transferMark(tx, memberId, provider)) !== before) return false;
    const game = await gameAccount(tx, memberId, provider, member.currency);
    const diff = held - (await balanceOf(tx, gameCode(memberId, provider)));
    if (diff === 0) return true;
    const float = await houseAccount(tx, 'providerFloat', member.currency);
    await post(tx, {
      memberId,
      type: 'game_result',
      status: 'SUCCESS',
      amount: Math.abs(diff),
      from: diff > 0 ? provider : 'WALLET',
      to: diff > 0 ? 'WALLET' : provider,
      visible: false,
      postings: [
        { accountId: float, amount: -diff },
        { accountId: game, amount: diff },
      ],
      now: ctx.now(),
    });
    return true;
  });
}
