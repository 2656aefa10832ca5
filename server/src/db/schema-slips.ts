import type { Generated } from 'kysely';

// Bank slips and the sandbox bank (migrations 0008, 0016: server/migrations/).

export type SlipStatus = 'PROCESSING' | 'REVIEW' | 'SUCCESS' | 'FAILED';

/** A bank slip a member uploaded, from PROCESSING to SUCCESS, FAILED (with the reason code in note) or REVIEW. */
export interface SlipsTable {
  id: Generated<number>;
  member_id: number;
  /** Server-made, what the member and the signed URL name it by. */
  reference: string;
  file_name: string;
  content_type: string;
  status: SlipStatus;
  note: string | null;
  /** Minor units, 0 until the bank told us. */
  amount: Generated<number>;
  currency: string;
  sending_bank: string | null;
  trans_ref: string | null;
  attempts: Generated<number>;
  captchas: Generated<number>;
  next_attempt_at: number;
  /** A verifier holds the slip until then (two instances never verify one slip at once). */
  lease_until: Generated<number>;
  idempotency_key: string | null;
  journal_id: number | null;
  /** What the bank said of the sender ("KBANK xxx-x-x4567-x นาย สมชาย ใ"), for the operator's review. */
  sender: string | null;
  /** Which of our deposit accounts (its number) the bank says the transfer went to (migration 0053); null before it or when none. */
  deposit_account_no: Generated<string | null>;
  created_at: number;
  updated_at: number;
}

export interface SlipCreditsTable {
  sending_bank: string;
  trans_ref: string;
  slip_id: number;
  created_at: number;
}

/** The sandbox bank's books: transfers its customers made (the operator's `slip make` records them). */
export interface SandboxBankTransfersTable {
  sending_bank: string;
  trans_ref: string;
  amount: number;
  currency: string;
  from_bank: string;
  from_account: string;
  from_name: string;
  to_bank: string;
  to_account: string;
  transferred_at: number;
}

export interface SlipTables {
  slips: SlipsTable;
  slip_credits: SlipCreditsTable;
  sandbox_bank_transfers: SandboxBankTransfersTable;
}
