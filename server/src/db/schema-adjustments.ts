import type { Generated } from 'kysely';

// Staff adjustments of a member's wallet with four-eyes approval (migration 0027).

export interface AdjustmentsTable {
  id: Generated<number>;
  member_id: number;
  kind: 'credit' | 'debit' | 'reverse';
  /** Minor units of `currency`, above 0. */
  amount: number;
  currency: string;
  /** The journal entry a reversal reverses; null for a credit or debit. */
  reverses_journal_id: number | null;
  reason: string;
  /** `staff:<username>` or `cli:<username>`. */
  requested_by: string;
  requested_at: number;
  status: 'PENDING' | 'APPLIED' | 'REJECTED';
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
  /** The entry it made once applied. */
  journal_id: number | null;
  /** The requester's key of the request (`key` in the body): a retry with it answers the first. */
  request_key: string | null;
}

/** Money a staff member put into a wallet alone, with no second person's approval (migration 0040): never changed. */
export interface StaffCreditsTable {
  id: Generated<number>;
  /** The person: the username behind `staff:<username>` or `cli:<username>`. */
  person: string;
  currency: string;
  /** Minor units of `currency`, above 0. */
  amount: number;
  /** What credited it, as the audit trail names it: `adjustment:<id>`, ... */
  source: string;
  /** The member credited; null for a bonus's budget (migration 0052: money put within members' reach, no one's yet). */
  member_id: number | null;
  at: number;
}

/** A money-policy setting's change waiting for a second admin (migration 0041). */
export interface SettingProposalsTable {
  id: Generated<number>;
  key: string;
  /** The proposed value, JSON. */
  value: string;
  reason: string;
  /** `staff:<username>` or `cli:<username>`. */
  proposed_by: string;
  proposed_at: number;
  status: 'PENDING' | 'APPLIED' | 'REJECTED';
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
}

/** A credit on a staff member's word waiting for a second person (migration 0042, credit-holds.ts). */
export interface CreditHoldsTable {
  id: Generated<number>;
  /** What it credits, as the audit trail names it: `slip:<id>`, `deposit-request:<id>`, `payment:<gateway txn>`. */
  source: string;
  member_id: number;
  currency: string;
  /** The credit asked, minor units of `currency`. */
  amount: number;
  /** The part of it that is the asker's word alone (above what the bank confirmed), minor units. */
  own_word: number;
  reason: string | null;
  /** `staff:<username>` or `cli:<username>`. */
  asked_by: string;
  asked_at: number;
  waits_because: 'amount' | 'day';
  /** APPLIED: a second person approved it; REPLACED: someone asked another credit for it; ENDED: its source ended otherwise. */
  status: 'PENDING' | 'APPLIED' | 'REPLACED' | 'ENDED';
  decided_by: string | null;
  decided_at: number | null;
}

export interface AdjustmentTables {
  adjustments: AdjustmentsTable;
  staff_credits: StaffCreditsTable;
  setting_proposals: SettingProposalsTable;
  credit_holds: CreditHoldsTable;
}
