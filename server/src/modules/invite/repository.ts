import type { Insertable } from 'kysely';
import type { InvitesTable } from '../../db/schema.js';
import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.js';

/** The invite module's data: invite records (one per credited deposit of an invited member). */

/** Credited deposits of the members this one invited that have no invite record yet. */
export const uncountedDeposits = (tx: Tx, inviterId: number) =>
  tx
    .selectFrom('ledger_entries as j')
    .innerJoin('members as m', 'm.id', 'j.member_id')
    .leftJoin('invites as i', 'i.deposit_journal_id', 'j.id')
    .select(['j.id', 'j.member_id', 'j.amount', 'j.created_at', 'm.currency'])
    .where('m.inviter_id', '=', inviterId)
    .where('j.type', '=', 'deposit')
    .where('j.status', '=', 'SUCCESS')
    .where('i.id', 'is', null)
    .orderBy('j.id')
    .limit(1000)
    .execute();

/** A row as made: every column but the one set when it is received. */
export type NewInvite = Omit<Insertable<InvitesTable>, 'receive_journal_id'>;

/** Records what deposits earned; a deposit counted by a concurrent look keeps its first record. */
export async function addInvites(tx: Tx, rows: NewInvite[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('invites')
    .values(rows.map((r) => ({ ...r, receive_journal_id: null })))
    .onConflict((oc) => oc.column('deposit_journal_id').doNothing())
    .execute();
}

/** Records not received yet whose invitee has not played the deposit through, oldest first. */
export const waitingForPlay = (tx: Tx, inviterId: number) =>
  tx
    .selectFrom('invites')
    .select(['id', 'invitee_id', 'turnover_target', 'deposited_at'])
    .where('inviter_id', '=', inviterId)
    .where('receive_journal_id', 'is', null)
    .where('played_at', 'is', null)
    .orderBy('deposited_at')
    .orderBy('id')
    .limit(500)
    .execute();

/** Where the invitee's bets are counted from (their first counted deposit) and how much of them earlier records took. */
export async function playedSoFar(tx: Tx, inviteeId: number): Promise<{ since: number; taken: number }> {
  const row = await tx
    .selectFrom('invites')
    .select([
      sql<number>`min(deposited_at)`.as('since'),
      sql<number>`coalesce(sum(case when played_at is not null then turnover_target else 0 end), 0)`.as('taken'),
    ])
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirstOrThrow();
  return { since: Number(row.since), taken: Number(row.taken) };
}

export async function markPlayed(tx: Tx, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.updateTable('invites').set({ played_at: now }).where('id', 'in', ids).where('played_at', 'is', null).execute();
}

/** What the inviter has earned and not received: in all, and the part whose invitees have played. */
export async function unreceived(tx: Tx, inviterId: number): Promise<{ total: number; ready: number }> {
  const row = await tx
    .selectFrom('invites')
    .select([
      sql<number>`coalesce(sum(amount), 0)`.as('total'),
      sql<number>`coalesce(sum(case when played_at is not null then amount else 0 end), 0)`.as('ready'),
    ])
    .where('inviter_id', '=', inviterId)
    .where('receive_journal_id', 'is', null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), ready: Number(row.ready) };
}

/** The records ready to receive (played, not received, above zero). */
export const readyRecords = (tx: Tx, inviterId: number) =>
  tx
    .selectFrom('invites')
    .select(['id', 'amount'])
    .where('inviter_id', '=', inviterId)
    .where('receive_journal_id', 'is', null)
    .where('played_at', 'is not', null)
    .where('amount', '>', 0)
    .execute();

/** Marks records received by this entry; the count tells whether a racing receive took some first. */
export async function markReceived(tx: Tx, ids: number[], journalId: number): Promise<number> {
  const done = await tx
    .updateTable('invites')
    .set({ receive_journal_id: journalId })
    .where('id', 'in', ids)
    .where('receive_journal_id', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** The inviter's records that earned something, newest first, one page, with the invitee's name. */
export async function invitePage(tx: Tx, inviterId: number, page: number, limit: number) {
  const mine = tx.selectFrom('invites').where('invites.inviter_id', '=', inviterId).where('invites.amount', '>', 0);
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .innerJoin('members', 'members.id', 'invites.invitee_id')
    .select(['invites.amount', 'invites.deposited_at', 'members.name'])
    .orderBy('invites.deposited_at', 'desc')
    .orderBy('invites.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(total), rows };
}
