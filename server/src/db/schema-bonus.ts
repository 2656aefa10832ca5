import type { Generated } from 'kysely';

// Bonuses, promotions and what members received (migrations 0010, 0011: server/migrations/).

/** Text per site language, stored as JSON. */
export type PerLanguage = { th: string; la: string; en: string };

/** An operator-defined bonus; money in minor units; name, html, notice and banners are JSON text. */
export interface BonusesTable {
  id: Generated<number>;
  code: string;
  name: string;
  html: string;
  notice: string;
  type: 'limit' | 'day' | 'week';
  max_received: number;
  percent_fail: number;
  banners: string;
  give_percent: number | null;
  give_max: number | null;
  give_fixed: number | null;
  min_deposit: number;
  turnover_multiple: number;
  budget: number | null;
  /** 1: given only on the member's first deposit ever */
  first_deposit: Generated<number>;
  /** 1 or 0 */
  active: number;
  sort: number;
  created_at: number;
}

/** An operator-defined promotion code; money in minor units; description is JSON {th, la, en}. */
export interface PromotionsTable {
  id: Generated<number>;
  code: string;
  description: string;
  percent_fail: number;
  give_percent: number | null;
  give_max: number | null;
  give_fixed: number | null;
  min_deposit: number;
  turnover_multiple: number;
  total_uses: number | null;
  /** 1 or 0 */
  active: number;
  created_at: number;
  /** Why an admin's promotion waits for a second admin, not offered meanwhile (migration 0058); null when it does not. */
  waits_because: Generated<'amount' | 'day' | null>;
  /** `cli:<username>` of the admin who added it (migration 0058); null for the demo shell's and earlier ones. */
  proposed_by: Generated<string | null>;
}

/** A bonus or a promotion a member received; at most one active per member (partial unique index). */
export interface MemberBonusesTable {
  id: Generated<number>;
  member_id: number;
  bonus_code: string | null;
  promotion_code: string | null;
  amount: number;
  currency: string;
  percent_fail: number;
  deposit_journal_id: number | null;
  journal_id: number;
  finish_journal_id: number | null;
  turnover_target: number;
  turnover_progress: number;
  /** 1 or 0 */
  active: number;
  received_at: number;
  finished_at: number | null;
  finish_reason: 'TURNOVER' | 'CLEAR' | 'STAFF' | null;
  /** Who ended it when a person did (migration 0029): 'staff:<username>' or 'cli:<username>'. */
  ended_by: Generated<string | null>;
}

/**
 * A bonus made or changed in the staff console (migration 0052): `value` is the bonus as it would be (JSON of
 * contract/staff-bonuses.ts BonusDraft), `budget_added` the budget it adds (minor units, counted against the
 * proposer's allowance). APPLIED at once within the allowance, else PENDING until a second admin decides.
 */
export interface BonusChangesTable {
  id: Generated<number>;
  code: string;
  kind: 'add' | 'edit';
  value: string;
  budget_added: number;
  reason: string;
  /** `staff:<username>` */
  proposed_by: string;
  proposed_at: number;
  status: 'PENDING' | 'APPLIED' | 'REJECTED';
  /** Why it waits: 'amount' (more than the threshold at once) or 'day' (with the last 24 hours' credits); null when it applied alone. */
  waits_because: 'amount' | 'day' | null;
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
}

export interface BonusTables {
  bonus_changes: BonusChangesTable;
  bonuses: BonusesTable;
  promotions: PromotionsTable;
  member_bonuses: MemberBonusesTable;
}
