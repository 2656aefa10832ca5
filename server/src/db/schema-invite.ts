import type { Generated } from 'kysely';

// Invite earnings and loss refunds (migrations 0012, 0013: server/migrations/).

/** An invite record: what an inviter earned on one deposit of a member they invited (minor units). */
export interface InvitesTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  deposit_journal_id: number;
  deposit_amount: number;
  amount: number;
  turnover_target: number;
  deposited_at: number;
  created_at: number;
  played_at: number | null;
  receive_journal_id: number | null;
}

/** A refund log: cashback computed on one member's net loss over one period (minor units). */
export interface RefundsTable {
  id: Generated<number>;
  member_id: number;
  period_start: number;
  period_end: number;
  loss: number;
  percent_bp: number;
  refund_amount: number;
  created_at: number;
  claim_journal_id: number | null;
}

export interface InviteTables {
  invites: InvitesTable;
  refunds: RefundsTable;
}
