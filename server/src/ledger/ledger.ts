import { PostgresAdapter, sql } from 'kysely';
import { afterCommit, beforeCommit, perTransaction, type Tx } from '../db/transaction.js';
import { ApiError } from '../lib/errors.js';
import type { Currency, LedgerCurrency } from './money.js';

/** The ledger's house accounts. `allowNegative` marks the ones money enters through from outside. */
export const HOUSE = {
  deposits: { kind: 'deposits_clearing', allowNegative: true },
  pendingPayouts: { kind: 'pending_payouts', allowNegative: false },
  paidOut: { kind: 'paid_out', allowNegative: false },
  /** The other side of game results (wins and losses booked from the provider's figures); striped (`stripeAccount`). */
  providerFloat: { kind: 'provider_float', allowNegative: true },
  bonusExpense: { kind: 'bonus_expense', allowNegative: true },
  /** Money between the wallet and a provider while the provider is being called; striped (`stripeAccount`). */
  inTransit: { kind: 'transfers_in_transit', allowNegative: false },
  /** Spin-wheel coins: issued (deposits, the operator) from here, and spent on spins into coinsSpent. */
  coinsIssued: { kind: 'coins_issued', allowNegative: true },
  coinsSpent: { kind: 'coins_spent', allowNegative: false },
  /** Staff credits and debits of a wallet (issue 23's adjustments): the other side of each. */
  adjustments: { kind: 'adjustments', allowNegative: true },
} as const;
export type HouseAccount = keyof typeof HOUSE;

export const walletCode = (memberId: number) => `wallet:${memberId}`;
export const houseCode = (house: HouseAccount, currency: LedgerCurrency) => `house:${HOUSE[house].kind}:${currency}`;

interface AccountSpec {
  code: string;
  kind: string;
  memberId: number | null;
  currency: LedgerCurrency;
  allowNegative: boolean;
}

/**
 * Account ids by code, per database: an account's id never changes once made (accounts are never deleted),
 * so a money movement need not ask for its accounts each time. Keyed by the query executor's dialect
 * adapter, which every handle of one database (its transactions, its connection) shares and no other
 * database's does; an id is kept only once the transaction that read it has committed.
 */
const knownIds = new WeakMap<object, Map<string, number>>();
const KNOWN_IDS_MAX = 50_000;
const idsOf = (tx: Tx) => {
  const owner = tx.getExecutor().adapter;
  let ids = knownIds.get(owner);
  if (!ids) knownIds.set(owner, (ids = new Map()));
  return ids;
};

/** The id of an account, created on first use (concurrent first uses agree on one row). */
export async function accountId(tx: Tx, spec: AccountSpec): Promise<number> {
  const ids = idsOf(tx);
  const known = ids.get(spec.code);
  if (known !== undefined) return known;
  const found = await tx.selectFrom('ledger_accounts').select('id').where('code', '=', spec.code).executeTakeFirst();
  if (found) {
    // kept once this transaction commits (the row may be one it made itself, gone if it rolls back)
    afterCommit(tx, () => {
      if (ids.size >= KNOWN_IDS_MAX) ids.clear();
      ids.set(spec.code, found.id);
    });
    return found.id;
  }
  await tx
    .insertInto('ledger_accounts')
    .values({
      code: spec.code,
      kind: spec.kind,
      member_id: spec.memberId,
      currency: spec.currency,
      allow_negative: spec.allowNegative ? 1 : 0,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await tx.selectFrom('ledger_accounts').select('id').where('code', '=', spec.code).executeTakeFirstOrThrow();
  return row.id;
}

export const walletAccount = (tx: Tx, memberId: number, currency: Currency) =>
  accountId(tx, { code: walletCode(memberId), kind: 'wallet', memberId, currency, allowNegative: false });

export const gameCode = (memberId: number, provider: string) => `game:${memberId}:${provider}`;
export const gameAccount = (tx: Tx, memberId: number, provider: string, currency: Currency) =>
  accountId(tx, { code: gameCode(memberId, provider), kind: 'game', memberId, currency, allowNegative: false });

/** Ids of house accounts, per database (as `knownIds`): every movement of their kind changes the same row. */
const houseIds = new WeakMap<object, Set<number>>();
const houseIdsOf = (tx: Tx) => {
  const owner = tx.getExecutor().adapter;
  let ids = houseIds.get(owner);
  if (!ids) houseIds.set(owner, (ids = new Set()));
  return ids;
};

export const houseAccount = (tx: Tx, house: HouseAccount, currency: LedgerCurrency): Promise<number> =>
  houseAccountAt(tx, house, houseCode(house, currency), currency);

/** A house account of kind `house` under `code` (the one of its kind, or a stripe), known as a house account. */
async function houseAccountAt(tx: Tx, house: HouseAccount, code: string, currency: LedgerCurrency): Promise<number> {
  const id = await accountId(tx, { code, kind: HOUSE[house].kind, memberId: null, currency, allowNegative: HOUSE[house].allowNegative });
  knownHouse(tx, id);
  return id;
}

/** Known as a house account once committed (a row this transaction made may be gone, its id reused). */
function knownHouse(tx: Tx, id: number): void {
  const ids = houseIdsOf(tx);
  if (!ids.has(id)) afterCommit(tx, () => ids.add(id));
}

/**
 * House accounts that every member's movements change (money in transit, the provider float that game
 * results come from) are spread over several accounts each, by member: one row for all would put every
 * member in one queue on Postgres, its row lock held to each commit. The provider float always over
 * HOUSE_STRIPES; money in transit over the `transitStripes` setting's count (1 on an installation until
 * every instance knows the stripes: an older instance finishes a transfer from the one account).
 */
export type StripedHouse = 'inTransit' | 'providerFloat';
export const HOUSE_STRIPES = 16;

/**
 * The code of the stripe of `house` a member's new movements use (`house:transfers_in_transit:BAHT:5`);
 * with one stripe, the one account of before (`house:transfers_in_transit:BAHT`).
 */
export const stripeCode = (house: StripedHouse, memberId: number, currency: LedgerCurrency, stripes: number) =>
  stripes > 1 ? `${houseCode(house, currency)}:${memberId % stripes}` : houseCode(house, currency);

/**
 * The member's stripe of a striped house account (`stripeCode`). Money leaves transit from the account its
 * transfer put it in, whichever that was, so a transfer recorded with another count of
 * stripes ends where it began; the provider float may go negative, so a game result takes any stripe.
 */
export const stripeAccount = (tx: Tx, house: StripedHouse, memberId: number, currency: LedgerCurrency, stripes: number): Promise<number> =>
  houseAccountAt(tx, house, stripeCode(house, memberId, currency, stripes), currency);

export interface Posting {
  accountId: number;
  /** Signed minor units: negative takes money out of the account, positive puts it in. */
  amount: number;
}

export interface JournalEntry {
  memberId: number | null;
  /** Statement types (deposit, withdraw, transfer, bonus, finish_bonus) are visible; bookkeeping ones are not. */
  type: string;
  status: 'SUCCESS' | 'PENDING' | 'FAILED';
  amount: number;
  from: string;
  to: string;
  visible: boolean;
  postings: Posting[];
  now: number;
}

/**
 * Records one balanced movement inside the caller's transaction. Balances change by conditional
 * updates, rows in ascending id order (no deadlocks between two movements), and an account that may
 * not go negative refuses with MONEY_NOT_ENOUGH, which rolls the whole transaction back.
 */
export async function post(tx: Tx, entry: JournalEntry): Promise<number> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0)
    throw new Error(`journal amount must be a positive integer, got ${entry.amount}`);
  checkBalanced(entry.postings);
  // an entry that records an event without moving money (a bonus whose turnover was reached)
  if (entry.postings.length === 0) return insertJournal(tx, entry);
  const now = immediate(tx, entry.postings);
  if (now.length <= 1 && tx.getExecutor().adapter instanceof PostgresAdapter) return postAtOnce(tx, entry, now[0]);
  const journal = await insertJournal(tx, entry);
  await changeBalances(tx, now);
  await insertPostings(tx, journal, entry.postings);
  return journal;
}

const insertJournal = async (tx: Tx, entry: JournalEntry): Promise<number> =>
  (
    await tx
      .insertInto('journal')
      .values({
        member_id: entry.memberId,
        type: entry.type,
        status: entry.status,
        amount: entry.amount,
        from_label: entry.from,
        to_label: entry.to,
        visible: entry.visible ? 1 : 0,
        created_at: entry.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const insertPostings = async (tx: Tx, journalId: number, postings: Posting[]): Promise<void> => {
  await tx
    .insertInto('postings')
    .values(postings.map((p) => ({ journal_id: journalId, account_id: p.accountId, amount: p.amount })))
    .execute();
};

/**
 * Postgres, an entry with at most one balance to change now (a transfer's, a game result's: the other side
 * a house account, changed at the commit): the journal row, the conditional balance update and the postings
 * in one statement, one round trip where there were three. The journal and its postings are written only
 * if the balance could change (the update's row is what the inserts select from), so a refused debit leaves
 * nothing behind, as it leaves nothing in the separate statements' order.
 */
async function postAtOnce(tx: Tx, entry: JournalEntry, change: Posting | undefined): Promise<number> {
  const rows = entry.postings.map((p) => sql`(${p.accountId}::integer, ${p.amount}::bigint)`);
  const changed = change
    ? sql`update ledger_accounts set balance = balance + ${change.amount}::bigint
          where id = ${change.accountId} and (allow_negative = 1 or balance + ${change.amount}::bigint >= 0) returning id`
    : sql`select 0 as id`;
  const result = await sql<{ id: number }>`
    with changed as (${changed}),
    entry as (
      insert into journal (member_id, type, status, amount, from_label, to_label, visible, created_at)
      select ${entry.memberId}::integer, ${entry.type}, ${entry.status}, ${entry.amount}::bigint, ${entry.from}, ${entry.to},
             ${entry.visible ? 1 : 0}::integer, ${entry.now}::bigint
      where exists (select 1 from changed)
      returning id
    ),
    lines as (
      insert into postings (journal_id, account_id, amount)
      select entry.id, v.account_id, v.amount from entry, (values ${sql.join(rows)}) as v(account_id, amount)
    )
    select id from entry`.execute(tx);
  const journal = result.rows[0];
  if (!journal) throw new ApiError(400, 'MONEY_NOT_ENOUGH');
  return journal.id;
}

/** The postings whose balances change now; a house account's wait for the commit (deferHouse). */
function immediate(tx: Tx, postings: Posting[]): Posting[] {
  const houses = houseIdsOf(tx);
  return postings.filter((p) => !houses.has(p.accountId) || !deferHouse(tx, p));
}

function checkBalanced(postings: Posting[]): void {
  const sum = postings.reduce((s, p) => s + p.amount, 0);
  if (sum !== 0 || postings.some((p) => !Number.isSafeInteger(p.amount))) throw new Error(`unbalanced journal entry (${sum})`);
}

/**
 * Gives an entry its balanced postings: `post` for a new one, or later for an entry recorded with none
 * (a manual deposit request, credited when the operator confirms it), so it stays one entry.
 */
export async function applyPostings(tx: Tx, journalId: number, postings: Posting[]): Promise<void> {
  checkBalanced(postings);
  // an entry that records an event without moving money (a bonus whose turnover was reached)
  if (postings.length === 0) return;
  await changeBalances(tx, immediate(tx, postings));
  await insertPostings(tx, journalId, postings);
}

/** Balances changed by conditional updates, rows in ascending id order (no deadlocks between two movements). */
async function changeBalances(tx: Tx, postings: readonly Posting[]): Promise<void> {
  for (const p of [...postings].sort((a, b) => a.accountId - b.accountId)) {
    const updated = await tx
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb('balance', '+', p.amount) }))
      .where('id', '=', p.accountId)
      .where((eb) => eb.or([eb('allow_negative', '=', 1), eb(eb('balance', '+', p.amount), '>=', 0)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(400, 'MONEY_NOT_ENOUGH');
  }
}

/**
 * A house account's row (money in transit, the provider float) is one that every transfer of every member
 * changes: its lock, taken at the update, is held until the commit, so the update waits for the end of the
 * transaction and all its changes there are made as one, in ascending id order after every member's row
 * (no deadlock: house rows are always taken last). The same conditional update, so a house account that
 * may not go negative still refuses, and the whole transaction with it. The changes gathered, by account
 * id, belong to the one transaction that gathered them (`perTransaction`): a refused transaction's are
 * dropped with it, never written by another.
 */
const houseChanges = perTransaction((tx) => {
  const pending = new Map<number, number>();
  beforeCommit(tx, async (inside) => {
    const sums = [...pending].filter(([, amount]) => amount !== 0).map(([accountId, amount]) => ({ accountId, amount }));
    await changeBalances(inside, sums);
  });
  return pending;
});

/** Defers a house account's posting to the transaction's end (`houseChanges`); false with no transaction. */
function deferHouse(tx: Tx, posting: Posting): boolean {
  const changes = houseChanges(tx);
  if (!changes) return false;
  changes.set(posting.accountId, (changes.get(posting.accountId) ?? 0) + posting.amount);
  return true;
}

export async function balanceOf(tx: Tx, accountCode: string): Promise<number> {
  const row = await tx.selectFrom('ledger_accounts').select('balance').where('code', '=', accountCode).executeTakeFirst();
  return row?.balance ?? 0;
}

/** Marks a pending journal entry (a transfer, a withdrawal) with how it ended; the statement shows it. */
export async function setJournalStatus(tx: Tx, journalId: number, status: 'SUCCESS' | 'FAILED'): Promise<void> {
  await tx.updateTable('journal').set({ status }).where('id', '=', journalId).execute();
}
