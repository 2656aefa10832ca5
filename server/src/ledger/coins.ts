import { Value } from 'typebox/value';
import type { Tx } from '../db/transaction.js';
import { badRequest } from '../lib/errors.js';
import { CoinRuleSchema, type CoinRule } from '../settings/registry.js';
import { isNotEnough } from './errors.js';
import { accountId, balanceOf, houseAccount, move } from './ledger.js';
import { convert, toMinor, type Currency } from './money.js';
import type { MemberMoney } from './operations.js';
import { DEFAULT_KIP_PER_BAHT } from '../lib/site-money.js';

/**
 * Spin-wheel coins (issue 10) are a currency of the ledger ('COIN', whole coins): a member's coins are
 * the balance of `coins:<id>`, issued from the house's coins_issued account and spent into coins_spent,
 * so a coin is never made or lost outside a balanced journal entry and `ledger check` sums COIN to 0.
 * Coin entries are bookkeeping (not visible): the statement lists money.
 */

export const coinCode = (memberId: number) => `coins:${memberId}`;
export const coinAccount = (tx: Tx, memberId: number) =>
  accountId(tx, { code: coinCode(memberId), kind: 'coins', memberId, currency: 'COIN', allowNegative: false });

export const coinsOf = async (tx: Tx, memberId: number) => Number(await balanceOf(tx, coinCode(memberId)));

/** Gives coins from the house (a deposit's reward, the operator's grant). */
export async function giveCoins(tx: Tx, memberId: number, coins: number, source: 'DEPOSIT' | 'OPERATOR', now: number) {
  const issued = await houseAccount(tx, 'coinsIssued', 'COIN');
  const mine = await coinAccount(tx, memberId);
  return move(tx, {
    memberId,
    type: 'coin_earn',
    amount: coins,
    from: source,
    to: 'COINS',
    visible: false,
    postings: [
      { accountId: issued, amount: -coins },
      { accountId: mine, amount: coins },
    ],
    now,
  });
}

/** Takes one coin for a spin: a conditional debit, so with no coin left it refuses (NO_COIN) and the caller's transaction rolls back. */
export async function spendCoin(tx: Tx, memberId: number, now: number): Promise<number> {
  const mine = await coinAccount(tx, memberId);
  const spent = await houseAccount(tx, 'coinsSpent', 'COIN');
  try {
    return await move(tx, {
      memberId,
      type: 'coin_spend',
      amount: 1,
      from: 'COINS',
      to: 'SPINWHEEL',
      visible: false,
      postings: [
        { accountId: mine, amount: -1 },
        { accountId: spent, amount: 1 },
      ],
      now,
    });
  } catch (err) {
    if (isNotEnough(err)) throw badRequest('NO_COIN');
    throw err;
  }
}

/**
 * `coins` coins for every full `per` of one deposit; 0 when the rule gives none. `per` is in the rule's
 * currency (the site's), converted for a member holding the other one (the Lao site's baht members).
 */
export function coinsForDeposit(amountMinor: number, rule: CoinRule, currency: Currency, kipPerBaht = DEFAULT_KIP_PER_BAHT): number {
  let step: number;
  try {
    const ruleCurrency = rule.currency ?? currency;
    step = convert(toMinor(rule.per, ruleCurrency), ruleCurrency, currency, kipPerBaht);
  } catch {
    return 0;
  }
  if (step <= 0 || rule.coins <= 0) return 0;
  return Math.floor(amountMinor / step) * rule.coins;
}

/** The bets a deposit's coins wait for: the deposit times the rule's multiple (absent: 1), rounded up to the minor unit. */
export const wagerTarget = (amountMinor: number, rule: Pick<CoinRule, 'wagerMultiple'>) =>
  // toFixed first: 1000 x 1.1 is 1100.0000000000002 in floating point, which must not round up to 1101
  Math.ceil(Number((amountMinor * (rule.wagerMultiple ?? 1)).toFixed(6)));

/**
 * The one hook every credited deposit passes (creditDeposit, and a manual request when the operator
 * confirms it), in the deposit's transaction: the coins the operator's rule gives for it are recorded as
 * pending, one row per deposit, and given only once the member's bets since the deposit reach the
 * wager target (modules/spinwheel/service.ts); a multiple of 0 gives them at once. A deposit then
 * withdrawn unplayed earns nothing. The rule is read from the database here, not from a cache, so a
 * change by `coins rule set` counts from the next deposit.
 */
export async function depositCoins(
  tx: Tx,
  member: MemberMoney,
  deposit: { journalId: number; amountMinor: number },
  now: number,
): Promise<number> {
  const row = await tx.selectFrom('settings').select('value').where('key', '=', 'coinRule').executeTakeFirst();
  let rule: unknown;
  try {
    rule = row ? JSON.parse(row.value) : undefined;
  } catch {
    rule = undefined;
  }
  // a missing or broken rule gives no coins; it never fails the deposit itself
  if (!Value.Check(CoinRuleSchema, rule)) return 0;
  const bonus = await tx.selectFrom('settings').select('value').where('key', '=', 'bonus').executeTakeFirst();
  const kipPerBaht = Number((JSON.parse(bonus?.value ?? '{}') as { kipPerBaht?: unknown }).kipPerBaht) || DEFAULT_KIP_PER_BAHT;
  const coins = coinsForDeposit(deposit.amountMinor, rule, member.currency, kipPerBaht);
  if (coins <= 0) return 0;
  const target = wagerTarget(deposit.amountMinor, rule);
  const given = target === 0 ? await giveCoins(tx, member.memberId, coins, 'DEPOSIT', now) : null;
  // a deposit made while others wait joins them: the bets since the oldest count for all, oldest first
  const waiting = await tx
    .selectFrom('deposit_coins')
    .select((eb) => eb.fn.min<number>('wager_since').as('since'))
    .where('member_id', '=', member.memberId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  await tx
    .insertInto('deposit_coins')
    .values({
      member_id: member.memberId,
      deposit_journal_id: deposit.journalId,
      coins,
      wager_target: target,
      deposited_at: now,
      wager_since: waiting?.since == null ? now : Number(waiting.since),
      status: given === null ? 'pending' : 'granted',
      settled_at: given === null ? null : now,
      settled_journal_id: given,
    })
    .execute();
  return coins;
}

/**
 * A withdrawal request forfeits the coins of every deposit still waiting for play, in the withdrawal's
 * transaction (which holds the member's lock, so no grant races it). They stay forfeited if the
 * withdrawal is later rejected: the request is what took the money out unplayed.
 */
export async function forfeitPendingCoins(tx: Tx, memberId: number, withdrawalJournalId: number, now: number): Promise<void> {
  await tx
    .updateTable('deposit_coins')
    .set({ status: 'forfeited', settled_at: now, settled_journal_id: withdrawalJournalId })
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where('deposit_journal_id', '<', withdrawalJournalId)
    .execute();
}
