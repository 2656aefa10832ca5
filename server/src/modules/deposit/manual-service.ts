import type { Database } from '../../db/database.js';
import { withTransaction, type AlsoInTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, badRequest, conflict, forbidden, isUniqueViolation } from '../../lib/errors.js';
import { applyPostings, houseAccount, setJournalStatus, walletAccount } from '../../ledger/ledger.js';
import { toMajor, toMinor, type Currency } from '../../ledger/money.js';
import { notifyMember } from '../events/service.js';
import { depositCoins } from '../../ledger/coins.js';
import { memberMoney } from '../../ledger/operations.js';
import type { SettingsCache } from '../../settings/store.js';
import type { Config } from '../../config.js';
import { siteLimit } from '../../lib/site-money.js';

/**
 * Manual deposit requests (§7 Wallet, `isManual`). The request is one visible journal entry from the
 * start: status PENDING, from MANUAL to WALLET, with no postings (no money has arrived, so nothing is
 * moved and `ledger check` has nothing to balance; the statement shows its amount as a deposit). The
 * operator's confirmation gives that same entry its postings (deposits clearing -> wallet) and SUCCESS;
 * a rejection marks it FAILED and it never gets any. Unlike a withdrawal, nothing is parked in a house
 * account meanwhile: the money is outside until the operator says it came.
 */

export async function requestManualDeposit(
  tx: Tx,
  deps: { settings: SettingsCache; config: Pick<Config, 'variant'> },
  memberId: number,
  amount: number,
  now: number,
): Promise<number> {
  if (!deps.settings.get('deposit').isManual) throw forbidden('DEPOSIT_MANUAL_OFF');
  const member = await memberMoney(tx, memberId);
  const minor = toMinor(amount, member.currency);
  if (minor <= 0 || minor < siteLimit(deps, deps.settings.get('slip').minDeposit, member.currency)) throw badRequest('DEPOSIT_MINIMUM');
  const pending = await tx
    .selectFrom('deposit_requests')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (pending) throw conflict('DEPOSIT_REQUEST_PENDING');
  const journal = await tx
    .insertInto('journal')
    .values({
      member_id: memberId,
      type: 'deposit',
      status: 'PENDING',
      amount: minor,
      from_label: 'MANUAL',
      to_label: 'WALLET',
      visible: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const row = await tx
      .insertInto('deposit_requests')
      .values({
        member_id: memberId,
        amount: minor,
        currency: member.currency,
        status: 'PENDING',
        journal_id: journal.id,
        created_at: now,
        settled_at: null,
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

/** The operator's answer: SUCCESS credits the request's own journal entry, FAILED credits nothing; only a pending request, once. */
export async function settleDepositRequest(
  database: Database,
  id: number,
  outcome: 'SUCCESS' | 'FAILED',
  now: number,
  also?: AlsoInTransaction,
): Promise<void> {
  await withTransaction(database, async (tx) => {
    const request = await tx.selectFrom('deposit_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!request) throw new ApiError(404, 'NO_DATA');
    const member = await memberMoney(tx, request.member_id);
    const claimed = await tx
      .updateTable('deposit_requests')
      .set({ status: outcome, settled_at: now })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict('DEPOSIT_REQUEST_NOT_PENDING');
    if (outcome === 'SUCCESS') {
      const currency = request.currency as Currency;
      const amount = Number(request.amount);
      await applyPostings(tx, request.journal_id, [
        { accountId: await houseAccount(tx, 'deposits', currency), amount: -amount },
        { accountId: await walletAccount(tx, request.member_id, currency), amount },
      ]);
      // the same coin rule as creditDeposit: a confirmed request is a credited deposit
      await depositCoins(tx, member, { journalId: request.journal_id, amountMinor: amount }, now);
      await notifyMember(database, request.member_id, { kind: 'credit', source: 'MANUAL', amount: toMajor(amount, currency) }, tx);
    }
    await setJournalStatus(tx, request.journal_id, outcome);
    await also?.(tx, [request.journal_id]);
  });
}

export const pendingRequests = (tx: Tx) =>
  tx
    .selectFrom('deposit_requests')
    .innerJoin('members', 'members.id', 'deposit_requests.member_id')
    .select(['deposit_requests.id', 'deposit_requests.amount', 'deposit_requests.currency', 'deposit_requests.created_at', 'members.phone'])
    .where('deposit_requests.status', '=', 'PENDING')
    .orderBy('deposit_requests.id')
    .execute();
