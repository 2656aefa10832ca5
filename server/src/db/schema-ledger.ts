import type { Generated, Selectable } from 'kysely';
import type { WithdrawReason } from '../../../contract/withdraw-reasons.js';

// The double-entry ledger and withdrawals (migration 0002); money in integer minor units.

/** One balance of the ledger: a member's wallet or game account, or a house account. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  /** Stable name, e.g. `wallet:12`, `house:deposits:BAHT`. */
  code: string;
  kind: string;
  member_id: number | null;
  currency: string;
  /** Minor units (satang; whole kip). */
  balance: Generated<number>;
  /** 1 only for house accounts that face the outside world (money enters through them). */
  allow_negative: number;
}

/** One movement of money: its postings sum to zero. Shown in the statement when `visible`. */
export interface JournalTable {
  id: Generated<number>;
  member_id: number | null;
  type: string;
  status: 'SUCCESS' | 'PENDING' | 'FAILED';
  amount: number;
  from_label: string;
  to_label: string;
  visible: number;
  created_at: number;
  /** Who made it when a person did (migration 0025): `staff:<username>`, `cli:<username>` or `cli:system`; null for members and the system. */
  made_by: string | null;
  /** An entry that ends a pending one (migration 0038): that entry's id, and how it ended it. */
  pending_id: Generated<number | null>;
  outcome: Generated<'posted' | 'voided' | null>;
}

/**
 * Every entry as a reader sees it (the view of migration 0038): a pending entry's `status` is how its end
 * (`ended_by`) ended it, SUCCESS when posted, FAILED when voided; PENDING while none has. Read statuses here.
 */
export type LedgerEntriesView = Selectable<JournalTable> & { ended_by: number | null };

export interface PostingsTable {
  id: Generated<number>;
  journal_id: number;
  account_id: number;
  amount: number;
}

export interface IdempotencyKeysTable {
  member_id: number;
  key: string;
  fingerprint: string;
  status_code: number;
  response: string;
  created_at: number;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  member_id: number;
  amount: number;
  currency: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  journal_id: number;
  payout_ref: string | null;
  created_at: number;
  settled_at: number | null;
  /** Where the money goes: the member's bank account when the withdrawal was requested. */
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  /** Why it was rejected, as its member reads it (contract/withdraw-reasons.ts, migration 0059); null otherwise. */
  member_reason: WithdrawReason | null;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  journal: JournalTable;
  ledger_entries: LedgerEntriesView;
  postings: PostingsTable;
  idempotency_keys: IdempotencyKeysTable;
  withdrawals: WithdrawalsTable;
}
