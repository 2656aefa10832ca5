import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { walletCode } from '../../ledger/ledger.js';
import type { WithdrawReason } from '../../../../contract/withdraw-reasons.js';

export interface StatementRow {
  id: number;
  type: string;
  status: string;
  amount: number;
  from: string;
  to: string;
  createdAt: number;
  /** The wallet's side of the entry (signed minor units), null when it does not touch the wallet. */
  walletDelta: number | null;
  /** For a withdrawal: the bank account it was requested to. */
  bankCode: string | null;
  bankAccountNo: string | null;
  /** For a rejected withdrawal: why, as its member reads it (null before 2026-12-02). */
  withdrawReason: WithdrawReason | null;
}

/** The member's visible journal entries, newest first, one page, and how many there are in all. */
export async function statementPage(
  db: Kysely<DB>,
  memberId: number,
  page: number,
  limit: number,
): Promise<{ total: number; rows: StatementRow[] }> {
  // the status a reader sees: a pending entry's is how its end ended it (ledger_entries, migration 0038)
  const mine = db.selectFrom('ledger_entries as journal').where('journal.member_id', '=', memberId).where('journal.visible', '=', 1);
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .leftJoin('ledger_accounts as w', (join) => join.on('w.code', '=', walletCode(memberId)))
    .leftJoin('withdrawals as wd', 'wd.journal_id', 'journal.id')
    .select([
      'journal.id',
      'journal.type',
      'journal.status',
      'journal.amount',
      'journal.from_label',
      'journal.to_label',
      'journal.created_at',
      'wd.bank_code',
      'wd.bank_account_no',
      'wd.member_reason',
      sql<number | null>`(select sum(p.amount) from postings p where p.journal_id = journal.id and p.account_id = w.id)`.as('wallet_delta'),
    ])
    .orderBy('journal.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      amount: Number(r.amount),
      from: r.from_label,
      to: r.to_label,
      createdAt: Number(r.created_at),
      walletDelta: r.wallet_delta === null ? null : Number(r.wallet_delta),
      bankCode: r.bank_code ?? null,
      bankAccountNo: r.bank_account_no ?? null,
      withdrawReason: r.member_reason ?? null,
    })),
  };
}
