import type { Generated } from 'kysely';

// The spin wheel and the coins deposits earn for it (migrations 0014, 0019: server/migrations/).

/** A credited deposit's spin-wheel coins, waiting for its wager target, then granted or forfeited (minor units). */
export interface DepositCoinsTable {
  id: Generated<number>;
  member_id: number;
  deposit_journal_id: number;
  coins: number;
  wager_target: number;
  deposited_at: number;
  wager_since: number;
  status: 'pending' | 'granted' | 'forfeited';
  settled_at: number | null;
  settled_journal_id: number | null;
}

/** A version of the spin wheel: name JSON {th, la, en}, slices JSON (modules/spinwheel/wheel.ts). */
export interface SpinWheelsTable {
  id: Generated<number>;
  name: string;
  slices: string;
  created_at: number;
}

/** One spin; one that won a prize is a coupon (expires_at set), claimed once. */
export interface SpinsTable {
  id: Generated<number>;
  member_id: number;
  wheel_id: number;
  slice_code: string;
  prize_type: 'nothing' | 'cash' | 'bonus' | 'item';
  amount: number;
  bonus_code: string | null;
  coin_journal_id: number;
  created_at: number;
  expires_at: number | null;
  claimed_at: number | null;
  claim_journal_id: number | null;
  /** The kip-per-baht rate its amount was converted at (migration 0060); null for a spin of an earlier release. */
  kip_per_baht: number | null;
}

export interface SpinTables {
  deposit_coins: DepositCoinsTable;
  spin_wheels: SpinWheelsTable;
  spins: SpinsTable;
}
