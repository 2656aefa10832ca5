import { sql } from 'kysely';
import { afterCommit, type Tx } from '../db/transaction.js';
import { LedgerError, ledgerErrorOf } from './errors.js';
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

export const houseAccount = (tx: Tx, house: HouseAccount, currency: LedgerCurrency): Promise<number> =>
  houseAccountAt(tx, house, houseCode(house, currency), currency);

/** A house account of kind `house` under `code` (the one of its kind, or a stripe). */
const houseAccountAt = (tx: Tx, house: HouseAccount, code: string, currency: LedgerCurrency): Promise<number> =>
  accountId(tx, { code, kind: HOUSE[house].kind, memberId: null, currency, allowNegative: HOUSE[house].allowNegative });

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

/*
 * The ledger's calls (the one implementation of each is its database function, migration 0038, which the
 * transfer functions call too): a movement for good (`move`), money reserved to a holding account
 * (`reserve`), and the end of a reserve, once (`postPending` to where it was going, `voidPending` back).
 * Entries are never changed once written: an end is a new entry that names its reserve. Balances change
 * by conditional updates, a member's accounts first and then the house's, each in id order. A refusal is
 * a LedgerError (ledger/errors.ts); Postgres has then aborted the caller's transaction (any later statement
 * fails), which withTransaction rolls back: a caller that catches one does not go on using `tx`.
 */

/** A movement as the statement names it: whose, what kind, how much, from and to (labels), shown or not. */
export interface Entry {
  memberId: number | null;
  /** Statement types (deposit, withdraw, transfer, bonus, finish_bonus) are visible; bookkeeping ones are not. */
  type: string;
  amount: number;
  from: string;
  to: string;
  visible: boolean;
  now: number;
}

/** One of the ledger's database functions, answering an entry's id; its refusal as a LedgerError. */
const ledgerCall = async (call: Promise<{ rows: { id: number }[] }>): Promise<number> => {
  try {
    return (await call).rows[0]!.id;
  } catch (err) {
    throw ledgerErrorOf(err);
  }
};

function moved(tx: Tx, entry: Entry, status: 'SUCCESS' | 'PENDING', postings: readonly Posting[]): Promise<number> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) throw new LedgerError('UNBALANCED', `amount ${entry.amount}`);
  return ledgerCall(
    sql<{ id: number }>`select ledger_move_v1(${entry.memberId}::integer, ${entry.type}::text, ${status}::text, ${entry.amount}::bigint,
      ${entry.from}::text, ${entry.to}::text, ${entry.visible}::boolean, ${entry.now}::bigint,
      ${postings.map((p) => p.accountId)}::integer[], ${postings.map((p) => p.amount)}::bigint[]) as id`.execute(tx),
  );
}

/** Money moved for good: one entry and its balanced postings (none: an entry that records an event). Answers its id. */
export const move = (tx: Tx, entry: Entry & { postings: readonly Posting[] }): Promise<number> =>
  moved(tx, entry, 'SUCCESS', entry.postings);

/**
 * Money reserved: from `source` into `holding` (money in transit, pending payouts), PENDING until posted or
 * voided; or, with neither, a request that reserves nothing (a manual deposit: the money is outside until
 * staff confirm it). Answers the pending entry's id.
 */
export const reserve = (tx: Tx, entry: Entry, accounts?: { source: number; holding: number }): Promise<number> =>
  moved(
    tx,
    entry,
    'PENDING',
    accounts
      ? [
          { accountId: accounts.source, amount: -entry.amount },
          { accountId: accounts.holding, amount: entry.amount },
        ]
      : [],
  );

/** How an end is written in the statement's terms: its type, from and to labels, shown or not, when. */
export type Ending = Omit<Entry, 'memberId' | 'amount'>;

const ended = (tx: Tx, pendingId: number, posted: boolean, from: number | null, to: number | null, how: Ending) =>
  ledgerCall(
    sql<{ id: number }>`select ledger_end_v1(${pendingId}::integer, ${posted}::boolean, ${from}::integer, ${to}::integer, ${how.type}::text,
      ${how.from}::text, ${how.to}::text, ${how.visible}::boolean, ${how.now}::bigint) as id`.execute(tx),
  );

/**
 * A reserve ended where its money was going: from its holding account to `to`; a request that reserved
 * nothing, from `from` to `to`. Once: a second end is LedgerError ENDED. Answers the ending entry's id.
 */
export const postPending = (tx: Tx, pendingId: number, accounts: { to: number; from?: number }, how: Ending) =>
  ended(tx, pendingId, true, accounts.from ?? null, accounts.to, how);

/** A reserve ended back where its money came from (a request: ended with no money). Once. Answers the ending entry's id. */
export const voidPending = (tx: Tx, pendingId: number, how: Ending) => ended(tx, pendingId, false, null, null, how);

export async function balanceOf(tx: Tx, accountCode: string): Promise<number> {
  const row = await tx.selectFrom('ledger_accounts').select('balance').where('code', '=', accountCode).executeTakeFirst();
  return row?.balance ?? 0;
}
