import type { Tx } from '../db/transaction.js';
import { ApiError, conflict, isUniqueViolation } from '../lib/errors.js';
import { depositCoins, forfeitPendingCoins } from './coins.js';
import { houseAccount, move, postPending, reserve, voidPending, walletAccount } from './ledger.js';
import type { Currency } from './money.js';

export interface MemberMoney {
  memberId: number;
  currency: Currency;
}

/**
 * The member's currency, and a lock on the member's row for the rest of the transaction: every money
 * movement of one member takes this lock first, so two of them (a withdrawal and its settlement, say)
 * queue instead of deadlocking on the accounts and the one-pending index. FOR NO KEY UPDATE, not FOR
 * UPDATE: the members' key never changes, and a row that only names the member (an audit row's
 * member_id, a slip's) takes KEY SHARE on it, which this lock lets through; FOR UPDATE made a staff
 * rejection (slip row, then the audit row's key share) and a credit (member, then slip) wait on each other.
 */
export async function memberMoney(tx: Tx, memberId: number): Promise<MemberMoney> {
  const m = await tx.selectFrom('members').select(['id', 'currency']).where('id', '=', memberId).forNoKeyUpdate().executeTakeFirstOrThrow();
  return { memberId: m.id, currency: m.currency };
}

/**
 * Money that reached the house from outside (the operator's deposit, a slip, a payment QR, a gift link)
 * into a wallet, with the spin-wheel coins the deposit earns recorded (depositCoins) in the same transaction.
 */
export async function creditDeposit(tx: Tx, member: MemberMoney, amountMinor: number, source: string, now: number): Promise<number> {
  const from = await houseAccount(tx, 'deposits', member.currency);
  const journalId = await intoWallet(tx, member, { type: 'deposit', source, fromAccountId: from, amountMinor }, now);
  await depositCoins(tx, member, { journalId, amountMinor }, now);
  return journalId;
}

/** What gave a reward, as the statement shows it: a `bonus` entry from this label to WALLET. */
export type RewardSource = 'BONUS' | 'PROMOTION' | 'INVITE' | 'REFUND' | 'LUCKYDRAW';

export interface RewardPayment {
  amountMinor: number;
  source: RewardSource;
  /**
   * The account the money leaves: the bonus expense account, unless the reward was set aside there
   * earlier (a refund waits in the member's refund balance, which the bonus expense account filled).
   */
  fromAccountId?: number;
}

/**
 * A reward (a bonus or promotion, invite money, a refund, a lucky-draw prize) into the wallet, inside
 * the caller's transaction (which holds the member's lock): one visible `bonus` entry from the bonus
 * expense account (or the given account) to the wallet. Answers the journal id.
 */
export async function payReward(tx: Tx, member: MemberMoney, reward: RewardPayment, now: number): Promise<number> {
  const from = reward.fromAccountId ?? (await houseAccount(tx, 'bonusExpense', member.currency));
  return intoWallet(tx, member, { type: 'bonus', source: reward.source, fromAccountId: from, amountMinor: reward.amountMinor }, now);
}

/** Money into the member's wallet, settled: one visible statement entry of `type` from `source` to WALLET. */
async function intoWallet(
  tx: Tx,
  member: MemberMoney,
  entry: { type: 'deposit' | 'bonus'; source: string; fromAccountId: number; amountMinor: number },
  now: number,
): Promise<number> {
  const { amountMinor } = entry;
  const to = await walletAccount(tx, member.memberId, member.currency);
  return move(tx, {
    memberId: member.memberId,
    type: entry.type,
    amount: amountMinor,
    from: entry.source,
    to: 'WALLET',
    visible: true,
    postings: [
      { accountId: entry.fromAccountId, amount: -amountMinor },
      { accountId: to, amount: amountMinor },
    ],
    now,
  });
}

/**
 * Reserves the amount from the wallet in pending payouts at once and records the withdrawal as pending;
 * spin-wheel coins still waiting for their deposit's play are forfeited. One pending withdrawal per member: the database's partial unique index holds it even under races.
 */
export async function requestWithdrawal(tx: Tx, member: MemberMoney, amountMinor: number, now: number): Promise<number> {
  const pending = await tx
    .selectFrom('withdrawals')
    .select('id')
    .where('member_id', '=', member.memberId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (pending) throw conflict('WITHDRAW_PENDING');
  const destination = await tx
    .selectFrom('members')
    .select(['bank_code', 'bank_account_no', 'bank_account_name'])
    .where('id', '=', member.memberId)
    .executeTakeFirstOrThrow();
  const wallet = await walletAccount(tx, member.memberId, member.currency);
  const payouts = await houseAccount(tx, 'pendingPayouts', member.currency);
  const journalId = await reserve(
    tx,
    { memberId: member.memberId, type: 'withdraw', amount: amountMinor, from: 'WALLET', to: 'BANK', visible: true, now },
    { source: wallet, holding: payouts },
  );
  try {
    const row = await tx
      .insertInto('withdrawals')
      .values({
        member_id: member.memberId,
        amount: amountMinor,
        currency: member.currency,
        status: 'PENDING',
        journal_id: journalId,
        payout_ref: null,
        created_at: now,
        settled_at: null,
        ...destination,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // money taken out before its deposit was played through takes that deposit's coins with it
    await forfeitPendingCoins(tx, member.memberId, journalId, now);
    return row.id;
  } catch (err) {
    // the unique-index race on Postgres (two withdrawals at once): the loser answers as if it came second
    if (isUniqueViolation(err)) throw conflict('WITHDRAW_PENDING');
    throw err;
  }
}

export type Settlement = 'SUCCESS' | 'FAILED';

/**
 * The payout's outcome: paid (its reserve posted from pending payouts to paid out) or rejected (voided:
 * back to the member's wallet). Only a pending withdrawal settles, once. Runs in the caller's transaction and answers the withdrawal's
 * member, whom the caller tells in that transaction (the ledger knows no member events), the entry it
 * made (the caller's audit row names it) and the withdrawal's amount (minor units) and currency.
 */
export async function settleWithdrawal(
  tx: Tx,
  withdrawalId: number,
  outcome: Settlement,
  now: number,
): Promise<{ memberId: number; journalId: number; amount: number; currency: Currency }> {
  const w = await tx.selectFrom('withdrawals').selectAll().where('id', '=', withdrawalId).executeTakeFirst();
  if (!w) throw new ApiError(404, 'NO_DATA');
  await memberMoney(tx, w.member_id);
  const claimed = await tx
    .updateTable('withdrawals')
    .set({ status: outcome, settled_at: now })
    .where('id', '=', withdrawalId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw conflict('WITHDRAW_NOT_PENDING');
  const journalId =
    outcome === 'SUCCESS'
      ? await postPending(
          tx,
          w.journal_id,
          { to: await houseAccount(tx, 'paidOut', w.currency as Currency) },
          { type: 'payout', from: 'PENDING_PAYOUT', to: 'BANK', visible: false, now },
        )
      : await voidPending(tx, w.journal_id, { type: 'withdraw_return', from: 'PENDING_PAYOUT', to: 'WALLET', visible: false, now });
  return { memberId: w.member_id, journalId, amount: Number(w.amount), currency: w.currency as Currency };
}
