import type { Tx } from '../../db/transaction.js';

/** The games module's data: members' game accounts and the transfer intents. */

export type Direction = 'in' | 'out';

export const findAccount = (tx: Tx, memberId: number, provider: string) =>
  tx.selectFrom('game_accounts').selectAll().where('member_id', '=', memberId).where('provider', '=', provider).executeTakeFirst();

/** The member's account at `provider` only if its username is `username` (auto-login takes both from the URL). */
export const findAccountNamed = (tx: Tx, memberId: number, provider: string, username: string) =>
  tx
    .selectFrom('game_accounts')
    .select('username')
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .where('username', '=', username)
    .executeTakeFirst();

export const accountsOf = (tx: Tx, memberId: number) =>
  tx.selectFrom('game_accounts').select(['provider', 'username']).where('member_id', '=', memberId).execute();

/** Stores a new account; a concurrent twin's row wins and this one is dropped. */
export async function addAccount(
  tx: Tx,
  row: { member_id: number; provider: string; username: string; password: string; created_at: number },
): Promise<void> {
  await tx
    .insertInto('game_accounts')
    .values(row)
    .onConflict((oc) => oc.columns(['member_id', 'provider']).doNothing())
    .execute();
}

export async function setAccountPassword(tx: Tx, accountId: number, sealedPassword: string): Promise<void> {
  await tx.updateTable('game_accounts').set({ password: sealedPassword }).where('id', '=', accountId).execute();
}

const INTENT_COLUMNS = ['id', 'member_id', 'provider', 'direction', 'amount', 'currency', 'journal_id', 'idempotency_key'] as const;

export interface IntentRow {
  id: number;
  member_id: number;
  provider: string;
  direction: Direction;
  amount: number;
  currency: string;
  journal_id: number;
  idempotency_key: string | null;
}

export const insertIntent = (tx: Tx, row: Omit<IntentRow, 'id'> & { created_at: number }): Promise<IntentRow> =>
  tx
    .insertInto('transfer_intents')
    .values({ ...row, status: 'open', resolved_at: null })
    .returning([...INTENT_COLUMNS])
    .executeTakeFirstOrThrow();

/** Open intents created at or before `createdBefore`, oldest first, with the game username their call used. */
export const openIntents = (tx: Tx, createdBefore: number): Promise<(IntentRow & { username: string })[]> =>
  tx
    .selectFrom('transfer_intents as i')
    .innerJoin('game_accounts as a', (join) => join.onRef('a.member_id', '=', 'i.member_id').onRef('a.provider', '=', 'i.provider'))
    .select([...INTENT_COLUMNS.map((c) => `i.${c}` as const), 'a.username'])
    .where('i.status', '=', 'open')
    .where('i.created_at', '<=', createdBefore)
    .orderBy('i.id')
    .execute();

/** Closes an open intent; false when it was already closed (by the request, start-up or the sweep). */
export async function closeIntent(tx: Tx, id: number, status: 'settled' | 'compensated', now: number): Promise<boolean> {
  const closed = await tx
    .updateTable('transfer_intents')
    .set({ status, resolved_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

/** Transfers of one member at one provider: the newest intent and how many are still open. */
export async function transferMark(tx: Tx, memberId: number, provider: string): Promise<string> {
  const row = await tx
    .selectFrom('transfer_intents')
    .select([(eb) => eb.fn.max('id').as('last'), (eb) => eb.fn.count<number>('id').filterWhere('status', '=', 'open').as('open')])
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return `${row?.last ?? 0}:${Number(row?.open ?? 0)}`;
}
