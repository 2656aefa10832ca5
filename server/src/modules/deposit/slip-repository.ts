import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { maskedPattern, type BankTx } from '../../adapters/slip/bank.js';
import { senderMatches } from './sender-match.js';

/** The member's slips, newest first, one page, and how many there are in all. */
export async function slipPage(db: Kysely<DB>, memberId: number, page: number, limit: number) {
  const mine = db.selectFrom('slips').where('member_id', '=', memberId);
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .select(['reference', 'status', 'note', 'amount', 'currency', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(total), rows };
}

/** What a slip's member is told of it (modules/events) besides its status, as the statement that ended it answers it. */
const EVENT_COLUMNS = ['member_id', 'reference', 'note', 'amount', 'currency'] as const;
export type SlipEnded = Pick<Selectable<DB['slips']>, (typeof EVENT_COLUMNS)[number]>;

/** The reference of one of the member's own slips; undefined for another member's or an unknown one. */
export async function ownSlipReference(db: Kysely<DB>, memberId: number, reference: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('slips')
    .select('reference')
    .where('reference', '=', reference)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.reference;
}

/** The stored file's name of a slip, whoever's (the caller checked a signed link). */
export async function slipFileName(db: Kysely<DB>, reference: string): Promise<string | undefined> {
  const row = await db.selectFrom('slips').select('file_name').where('reference', '=', reference).executeTakeFirst();
  return row?.file_name;
}

/** What one verification attempt reads of its slip. */
export interface SlipRow {
  id: number;
  member_id: number;
  file_name: string;
  content_type: string;
  currency: string;
  attempts: number;
  captchas: number;
  created_at: number;
}

/** The bank transaction a slip names: the key of slip_credits. */
export type { BankTx };

/** What the bank said, kept on a slip that ends without money (for the member's reason and the operator's review). */
export interface SlipSaid {
  amount?: number;
  sendingBank?: string;
  transRef?: string;
  sender?: string;
}

/**
 * Takes the slip for one verification attempt and counts it: only while PROCESSING and no one holds
 * its lease, so two callers (or two instances on one Postgres) never both get it. False: not taken.
 */
export async function claimSlip(tx: Tx, slipId: number, now: number, leaseMs: number): Promise<boolean> {
  const claimed = await tx
    .updateTable('slips')
    .set((eb) => ({ lease_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', slipId)
    .where('status', '=', 'PROCESSING')
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export const slipToVerify = (tx: Tx, slipId: number): Promise<SlipRow> =>
  tx
    .selectFrom('slips')
    .select(['id', 'member_id', 'file_name', 'content_type', 'currency', 'attempts', 'captchas', 'created_at'])
    .where('id', '=', slipId)
    .executeTakeFirstOrThrow();

/** FAILED or REVIEW, with what the bank said; only a slip still open (PROCESSING or REVIEW) changes. */
export const endSlip = (tx: Tx, slipId: number, status: 'FAILED' | 'REVIEW', note: string | null, said: SlipSaid, now: number) =>
  tx
    .updateTable('slips')
    .set({
      status,
      note,
      lease_until: 0,
      updated_at: now,
      ...(said.amount !== undefined ? { amount: said.amount } : {}),
      ...(said.sendingBank ? { sending_bank: said.sendingBank, trans_ref: said.transRef ?? null } : {}),
      ...(said.sender ? { sender: said.sender } : {}),
    })
    .where('id', '=', slipId)
    .where('status', 'in', ['PROCESSING', 'REVIEW'])
    .returning(EVENT_COLUMNS)
    .executeTakeFirst();

/** Lets go of a PROCESSING slip until `nextAttemptAt`, with its captcha count. */
export const retrySlipAt = (tx: Tx, slipId: number, nextAttemptAt: number, captchas: number, now: number) =>
  tx
    .updateTable('slips')
    .set({ next_attempt_at: nextAttemptAt, lease_until: 0, captchas, updated_at: now })
    .where('id', '=', slipId)
    .where('status', '=', 'PROCESSING')
    .execute();

/** Lets go of a PROCESSING slip, due now, its claimed attempt given back (the bank was not asked). */
export const uncountAttempt = (tx: Tx, slipId: number, now: number) =>
  tx
    .updateTable('slips')
    .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: now, lease_until: 0, updated_at: now }))
    .where('id', '=', slipId)
    .where('status', '=', 'PROCESSING')
    .execute();

/**
 * Whether the slip is still open (PROCESSING or REVIEW), holding its row to the end of the transaction: a
 * read alone let a rejection (endSlip) commit between it and the credit on Postgres, and the slip was both
 * rejected and credited. The write takes the row's lock; a rejection waiting on it then finds the slip ended.
 */
export const holdOpenSlip = async (tx: Tx, slipId: number, now: number): Promise<boolean> =>
  (await tx
    .updateTable('slips')
    .set({ updated_at: now })
    .where('id', '=', slipId)
    .where('status', 'in', ['PROCESSING', 'REVIEW'])
    .returning('id')
    .executeTakeFirst()) !== undefined;

/** Holds the bank transaction for this slip; a unique violation when another slip holds it already. */
export const insertSlipCredit = (tx: Tx, slipId: number, bankTx: BankTx, now: number) =>
  tx
    .insertInto('slip_credits')
    .values({ sending_bank: bankTx.sendingBank, trans_ref: bankTx.transRef, slip_id: slipId, created_at: now })
    .execute();

export const markSlipCredited = (tx: Tx, slipId: number, amountMinor: number, bankTx: BankTx, journalId: number, now: number) =>
  tx
    .updateTable('slips')
    .set({
      status: 'SUCCESS',
      note: null,
      amount: amountMinor,
      sending_bank: bankTx.sendingBank,
      trans_ref: bankTx.transRef,
      journal_id: journalId,
      lease_until: 0,
      updated_at: now,
    })
    .where('id', '=', slipId)
    .returning(EVENT_COLUMNS)
    .executeTakeFirstOrThrow();

/** Records which of our deposit accounts the bank says the slip's transfer went to (migration 0053). */
export const noteReceivingAccount = (tx: Tx, slipId: number, accountNo: string) =>
  tx.updateTable('slips').set({ deposit_account_no: accountNo }).where('id', '=', slipId).execute();

/** Whether a slip was credited with this bank transaction already. */
export const bankTxCredited = async (tx: Tx, bankTx: BankTx) =>
  (await tx
    .selectFrom('slip_credits')
    .select('slip_id')
    .where('sending_bank', '=', bankTx.sendingBank)
    .where('trans_ref', '=', bankTx.transRef)
    .executeTakeFirst()) !== undefined;

/** The bank account the member registered (the sender a slip of theirs should show), and since when it is theirs. */
export const memberBankAccount = (tx: Tx, memberId: number) =>
  tx
    .selectFrom('members')
    .select(['bank_code', 'bank_account_no', 'bank_account_name', 'bank_changed_at', 'created_at'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();

/** The bank's words for a sender as a slip keeps them (`KBANK xxx-x-x4567-x นาย สมชาย ใ`): bank, masked account, name. */
export interface BankSender {
  bank: string;
  account: string;
  name: string;
}

export const senderOfText = (text: string | null): BankSender | undefined => {
  const [bank, account, ...name] = (text ?? '').split(' ');
  return bank && account && name.length ? { bank, account, name: name.join(' ') } : undefined;
};

/** How many members with the digits a slip shows one look reads at most (more: too many to tell apart). */
const LOOK_LIMIT = 200;

export interface LookFor {
  /** Leave this member out (the uploader, when the question is whether another could have sent it). */
  except?: number;
  /** Put this member first (the uploader, in a reviewer's list). */
  first?: number;
  /** Only members who held their account then: registered by `registeredBy`, bank details unchanged since `unchangedSince`. */
  held?: { registeredBy: number; unchangedSince: number };
}

/**
 * Members whose registered account the bank's sender could be: the same bank, every digit the bank shows
 * in its place (a LIKE on the digits, inside the bank's rows of members_bank_account_unique), and the name
 * (sender-match.ts); oldest first. `more`: past LOOK_LIMIT members showed those digits, too many to tell
 * apart. A mask that shows fewer than 4 digits matches nobody (maskedMatches).
 */
export async function membersLike(tx: Tx, sender: BankSender, look: LookFor = {}) {
  const pattern = maskedPattern(sender.account);
  if (!pattern) return { members: [], more: false };
  let query = tx
    .selectFrom('members')
    .select(['id', 'name', 'phone', 'bank_code', 'bank_account_no', 'bank_account_name', 'created_at', 'bank_changed_at'])
    .where('bank_code', '=', sender.bank)
    .where(sql<string>`regexp_replace(bank_account_no, '[^0-9]', '', 'g')`, 'like', pattern);
  if (look.except !== undefined) query = query.where('id', '<>', look.except);
  const { held } = look;
  if (held)
    query = query
      .where('created_at', '<=', held.registeredBy)
      .where((eb) => eb.or([eb('bank_changed_at', 'is', null), eb('bank_changed_at', '<=', held.unchangedSince)]));
  const found = await query
    .orderBy(sql`id = ${look.first ?? 0}`, 'desc')
    .orderBy('id')
    .limit(LOOK_LIMIT + 1)
    .execute();
  return {
    members: found.slice(0, LOOK_LIMIT).filter((m) => senderMatches(sender, { ...m, accountNames: [m.bank_account_name] })),
    more: found.length > LOOK_LIMIT,
  };
}

/** Slips still PROCESSING whose next attempt is due and no one holds, oldest first. */
export const dueSlipIds = async (tx: Tx, now: number, limit: number) =>
  (
    await tx
      .selectFrom('slips')
      .select('id')
      .where('status', '=', 'PROCESSING')
      .where('next_attempt_at', '<=', now)
      .where('lease_until', '<', now)
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((r) => r.id);
