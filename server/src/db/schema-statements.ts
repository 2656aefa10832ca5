import type { Generated } from 'kysely';

// Bank statement imports (migration 0048: server/migrations/), modules/bank-statement/.

/** One file a finance clerk imported: which deposit account, what it held, who, when. */
export interface StatementImportsTable {
  id: Generated<number>;
  /** The bank whose layout read it: KBANK, SCB, KTB, BCEL. */
  bank: string;
  /** The deposit account (the `deposit` setting's bankAccountNo) the statement is of. */
  account_no: string;
  currency: string;
  file_name: string;
  file_sha256: string;
  format: 'csv' | 'xlsx' | 'html';
  first_at: number | null;
  last_at: number | null;
  /** Incoming lines kept; `refused`: incoming lines already imported before (not kept again). */
  incoming: number;
  refused: number;
  /** `staff:<username>` or `cli:<username>`. */
  imported_by: string;
  imported_at: number;
}

export type StatementLineStatus = 'CREDITED' | 'LINKED' | 'WAITING' | 'UNMATCHED' | 'DISMISSED';

/** One incoming line of a statement, kept once per deposit account (its fingerprint). */
export interface StatementLinesTable {
  id: Generated<number>;
  import_id: number;
  account_no: string;
  fingerprint: string;
  /** The line's row in its file (1-based), for the clerk who opens the file. */
  row_no: number;
  /** When the bank says the money came, epoch ms. */
  at: number;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  sender_bank: string | null;
  /** As the bank prints it, usually masked (X0052, xxx-x-x4567-x). */
  sender_account: string | null;
  sender_name: string | null;
  description: string;
  balance: number | null;
  status: StatementLineStatus;
  /** Why it waits in the queue: NO_MATCH, AMBIGUOUS, NAME_MISSING; or why the policy holds it: amount, day. */
  why: string | null;
  /** What it matched: deposit-request, member, slip, qr, clerk. */
  match_kind: string | null;
  /** `deposit-request:<id>`, `slip:<id>`, `payment:<gateway txn>`, `member:<id>`. */
  match_ref: string | null;
  member_id: number | null;
  /** JSON: the members it could be (ids), for the clerk; null when none. */
  candidates: string | null;
  journal_id: number | null;
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
}

export interface StatementTables {
  statement_imports: StatementImportsTable;
  statement_lines: StatementLinesTable;
}
