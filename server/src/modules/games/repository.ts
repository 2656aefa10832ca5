import type { Tx } from '../../db/transaction.js';

/**
 * The games module's data: members' game accounts, and the one look at the wallet's transfer intents that
 * a game balance's sync needs (syncGame books a provider's figure only while no transfer moved).
 */

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
