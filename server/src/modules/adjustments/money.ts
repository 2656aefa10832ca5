import type { Tx } from '../../db/transaction.js';
import type { AdjustmentsTable } from '../../db/schema.js';
import { ApiError, conflict } from '../../lib/errors.js';
import { isNotEnough } from '../../ledger/errors.js';
import { houseAccount, move, walletAccount, walletCode, type Posting } from '../../ledger/ledger.js';
import type { MemberMoney } from '../../ledger/operations.js';
import { toMajor } from '../../ledger/money.js';
import type { Database } from '../../db/database.js';
import { notifyMember } from '../events/service.js';

/** Journal types a reversal may undo: money that came into the wallet from outside or from staff, not a transfer back from a game or a bonus (whose turnover would be left behind). */
const REVERSIBLE = ['deposit', 'adjustment'];

/** What the member's statement shows: `adjustment` from STAFF (a credit) or to STAFF (a debit), to REVERSAL for a reversal. */
export const ADJUSTMENT_TYPE = 'adjustment';

/**
 * The credit a reversal would undo: a successful entry of `memberId` of a reversible type that put money
 * into their wallet (404 NO_DATA otherwise). Answers the money it put in and the postings that undo it.
 */
export async function reversibleEntry(tx: Tx, memberId: number, journalId: number): Promise<{ amount: number; postings: Posting[] }> {
  const entry = await tx
    .selectFrom('ledger_entries')
    .select(['id', 'type', 'status', 'from_label', 'ended_by'])
    .where('id', '=', journalId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!entry || entry.status !== 'SUCCESS' || !REVERSIBLE.includes(entry.type) || entry.from_label === 'WALLET')
    throw new ApiError(404, 'NO_DATA');
  const postings = await tx
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select(['postings.account_id', 'postings.amount', 'ledger_accounts.code'])
    // a request posted later (a manual deposit) moved its money by its end, the entry naming it
    .where('postings.journal_id', 'in', entry.ended_by === null ? [journalId] : [journalId, entry.ended_by])
    .execute();
  const intoWallet = postings.filter((p) => p.code === walletCode(memberId)).reduce((sum, p) => sum + Number(p.amount), 0);
  if (intoWallet <= 0) throw new ApiError(404, 'NO_DATA');
  return { amount: intoWallet, postings: postings.map((p) => ({ accountId: p.account_id, amount: -Number(p.amount) })) };
}

/**
 * Moves the adjustment's money in the caller's transaction (which holds the member's lock): one visible
 * balanced entry between the wallet and the house adjustments account, or the reversed entry's postings
 * negated. A wallet that would go below zero refuses: 409 MONEY_NOT_ENOUGH, the transaction rolls back.
 * Tells the member's open app. Answers the entry's id.
 */
export async function moveAdjustment(
  tx: Tx,
  database: Database,
  member: MemberMoney,
  row: Pick<AdjustmentsTable, 'kind' | 'amount' | 'reverses_journal_id'>,
  now: number,
): Promise<number> {
  const amount = Number(row.amount);
  let postings: Posting[];
  if (row.kind === 'reverse') {
    const reversed = await reversibleEntry(tx, member.memberId, row.reverses_journal_id!);
    postings = reversed.postings;
  } else {
    const wallet = await walletAccount(tx, member.memberId, member.currency);
    const house = await houseAccount(tx, 'adjustments', member.currency);
    const sign = row.kind === 'credit' ? 1 : -1;
    postings = [
      { accountId: house, amount: -sign * amount },
      { accountId: wallet, amount: sign * amount },
    ];
  }
  let journalId: number;
  try {
    journalId = await move(tx, {
      memberId: member.memberId,
      type: ADJUSTMENT_TYPE,
      amount,
      from: row.kind === 'credit' ? 'STAFF' : 'WALLET',
      to: row.kind === 'credit' ? 'WALLET' : row.kind === 'debit' ? 'STAFF' : 'REVERSAL',
      visible: true,
      postings,
      now,
    });
  } catch (err) {
    // the wallet (or the account the reversed money came from) holds less: a state, not bad input
    if (isNotEnough(err)) throw conflict('MONEY_NOT_ENOUGH');
    throw err;
  }
  const signed = row.kind === 'credit' ? amount : -amount;
  await notifyMember(database, member.memberId, { kind: 'adjustment', amount: toMajor(signed, member.currency) }, tx);
  return journalId;
}
