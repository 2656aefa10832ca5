import { PLANNED } from '../../db/database.js';
import type { Tx } from '../../db/transaction.js';
import { gameCode } from '../../ledger/ledger.js';

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
    .selectNoFrom(() => [markOf(tx, memberId, provider, 'last'), markOf(tx, memberId, provider, 'open')])
    .executeTakeFirstOrThrow();
  return markText(row);
}

const markText = (row: { last: unknown; open: unknown }) => `${row.last ?? 0}:${Number(row.open ?? 0)}`;

/** One half of the mark as a subquery of its own, so each takes its index: the newest by (member, provider, id), the open ones by status. */
function markOf<K extends 'last' | 'open'>(tx: Tx, memberId: number, provider: string, part: K) {
  const intents = tx.selectFrom('transfer_intents').where('member_id', '=', memberId).where('provider', '=', provider);
  return (
    part === 'last'
      ? intents.select((e) => e.fn.max('id').as('v'))
      : intents.select((e) => e.fn.countAll<number>().as('v')).where('status', '=', 'open')
  ).as(part);
}

/**
 * What a game balance's sync looks at, in one read: the transfer mark (`transferMark`), the member's
 * username at the provider (undefined with no account) and the balance booked in the ledger's game
 * account (0 before its first movement).
 */
export async function gameLook(
  tx: Tx,
  memberId: number,
  provider: string,
): Promise<{ mark: string; username: string | undefined; booked: number }> {
  const row = await tx
    .selectNoFrom((eb) => [
      markOf(tx, memberId, provider, 'last'),
      markOf(tx, memberId, provider, 'open'),
      eb.selectFrom('game_accounts').select('username').where('member_id', '=', memberId).where('provider', '=', provider).as('username'),
      eb.selectFrom('ledger_accounts').select('balance').where('code', '=', gameCode(memberId, provider)).as('booked'),
    ])
    .modifyEnd(PLANNED)
    .executeTakeFirstOrThrow();
  return {
    mark: markText(row),
    username: row.username ?? undefined,
    booked: Number(row.booked ?? 0),
  };
}
