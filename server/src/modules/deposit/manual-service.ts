import type { Database } from '../../db/database.js';
import { transferTimeFits } from '../../../../contract/deposit-rules.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, badRequest, conflict, forbidden, isUniqueViolation } from '../../lib/errors.js';
import { houseAccount, postPending, reserve, voidPending, walletAccount } from '../../ledger/ledger.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { notifyMember } from '../events/service.js';
import { depositCoins } from '../../ledger/coins.js';
import { memberMoney } from '../../ledger/operations.js';
import type { SettingsCache } from '../../settings/store.js';
import type { Config } from '../../config.js';
import { manualMaximum, siteLimit } from '../../lib/site-money.js';

/**
 * Manual deposit requests (§7 Wallet, `isManual`). The request is one visible pending entry of the ledger
 * from the start, from MANUAL to WALLET, that reserves nothing (no money has arrived; the statement shows
 * its amount as a deposit). The operator's confirmation posts it (a new entry naming it, deposits clearing
 * -> wallet: the request shows SUCCESS); a rejection voids it (a new entry with no money: FAILED). Unlike a
 * withdrawal, nothing is parked in a house account meanwhile: the money is outside until the operator says
 * it came.
 */

export async function requestManualDeposit(
  tx: Tx,
  deps: { settings: SettingsCache; config: Pick<Config, 'variant'> },
  memberId: number,
  amount: number,
  now: number,
  /** when the member says they transferred (ISO), if they said */
  transferredAt?: string,
): Promise<number> {
  if (!deps.settings.get('deposit').isManual) throw forbidden('DEPOSIT_MANUAL_OFF');
  const transferred = transferredAt === undefined ? null : Date.parse(transferredAt);
  if (transferred !== null && !transferTimeFits(transferred, now)) throw badRequest('DEPOSIT_TRANSFER_TIME');
  const member = await memberMoney(tx, memberId);
  const minor = toMinor(amount, member.currency);
  const slip = deps.settings.get('slip');
  if (minor <= 0 || minor < siteLimit(deps, slip.minDeposit, member.currency)) throw badRequest('DEPOSIT_MINIMUM');
  // money staff confirm on their word has a ceiling (issue 36): the money policy judges each confirmation too
  if (minor > siteLimit(deps, manualMaximum(deps.config, slip), member.currency)) throw badRequest('DEPOSIT_MAXIMUM');
  const pending = await tx
    .selectFrom('deposit_requests')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (pending) throw conflict('DEPOSIT_REQUEST_PENDING');
  const journalId = await reserve(tx, { memberId, type: 'deposit', amount: minor, from: 'MANUAL', to: 'WALLET', visible: true, now });
  try {
    const row = await tx
      .insertInto('deposit_requests')
      .values({
        member_id: memberId,
        amount: minor,
        currency: member.currency,
        status: 'PENDING',
        journal_id: journalId,
        created_at: now,
        settled_at: null,
        transferred_at: transferred,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    // the one-pending index on Postgres, when two requests race
    if (isUniqueViolation(err)) throw conflict('DEPOSIT_REQUEST_PENDING');
    throw err;
  }
}

/**
 * A request as its settlement's callbacks see it: whose, how much (minor units), in what, and the deposit account
 * a clerk has named for it so far (a confirmation that waits for a second person keeps its clerk's word), or null.
 */
export interface SettledRequest {
  memberId: number;
  amount: number;
  currency: Currency;
  depositAccountNo: string | null;
}

/**
 * The operator's answer: SUCCESS posts the request (the money credited), FAILED voids it; only a pending
 * request, once. The request's row is locked first, so its status is the one this answer changes: a
 * confirmation that waited while another clerk rejected it is 409, not a hold on a rejected request.
 */
export async function settleDepositRequest(
  database: Database,
  id: number,
  outcome: 'SUCCESS' | 'FAILED',
  now: number,
  also?: (tx: Tx, journalIds: readonly number[], request: SettledRequest) => Promise<void>,
  /** A person's confirmation: whether the money policy lets it credit now (false: it waits, nothing changes but the hold). */
  judge?: (tx: Tx, request: SettledRequest) => Promise<boolean>,
): Promise<'settled' | 'held'> {
  return withTransaction(database, (tx) => settleDepositRequestIn(tx, database, id, outcome, now, also, judge));
}

/** settleDepositRequest in the caller's transaction (a bank statement's import credits requests in its own). */
export async function settleDepositRequestIn(
  tx: Tx,
  database: Database,
  id: number,
  outcome: 'SUCCESS' | 'FAILED',
  now: number,
  also?: (tx: Tx, journalIds: readonly number[], request: SettledRequest) => Promise<void>,
  judge?: (tx: Tx, request: SettledRequest) => Promise<boolean>,
): Promise<'settled' | 'held'> {
  const request = await tx.selectFrom('deposit_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!request) throw new ApiError(404, 'NO_DATA');
  const member = await memberMoney(tx, request.member_id);
  if (request.status !== 'PENDING') throw conflict('DEPOSIT_REQUEST_NOT_PENDING');
  const settled: SettledRequest = {
    memberId: request.member_id,
    amount: Number(request.amount),
    currency: request.currency as Currency,
    depositAccountNo: request.deposit_account_no,
  };
  if (outcome === 'SUCCESS' && judge && !(await judge(tx, settled))) return 'held';
  const claimed = await tx
    .updateTable('deposit_requests')
    .set({ status: outcome, settled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw conflict('DEPOSIT_REQUEST_NOT_PENDING');
  const currency = request.currency as Currency;
  const amount = Number(request.amount);
  let journalId: number;
  if (outcome === 'SUCCESS') {
    journalId = await postPending(
      tx,
      request.journal_id,
      { from: await houseAccount(tx, 'deposits', currency), to: await walletAccount(tx, request.member_id, currency) },
      { type: 'deposit_credit', from: 'MANUAL', to: 'WALLET', visible: false, now },
    );
    // the same coin rule as creditDeposit: a confirmed request is a credited deposit (the request's entry)
    await depositCoins(tx, member, { journalId: request.journal_id, amountMinor: amount }, now);
    await notifyMember(database, request.member_id, { kind: 'credit', source: 'MANUAL', amount: toMajor(amount, currency) }, tx);
  } else journalId = await voidPending(tx, request.journal_id, { type: 'deposit_void', from: 'MANUAL', to: 'WALLET', visible: false, now });
  await also?.(tx, [journalId], settled);
  return 'settled' as const;
}

export const pendingRequests = (tx: Tx) =>
  tx
    .selectFrom('deposit_requests')
    .innerJoin('members', 'members.id', 'deposit_requests.member_id')
    .select(['deposit_requests.id', 'deposit_requests.amount', 'deposit_requests.currency', 'deposit_requests.created_at', 'members.phone'])
    .where('deposit_requests.status', '=', 'PENDING')
    .orderBy('deposit_requests.id')
    .execute();
