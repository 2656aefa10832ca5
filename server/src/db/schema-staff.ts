import type { Generated } from 'kysely';
import type { StaffRole } from '../../../contract/staff.js';

// The staff console (migration 0025): staff accounts, sessions, unfinished sign-ins and the audit trail.

export interface StaffTable {
  id: Generated<number>;
  username: string;
  role: StaffRole;
  password_hash: string;
  /** 1 while the password is the operator's one-time one. */
  must_change_password: Generated<number>;
  /** Sealed (SecretBox, context `staff:<id>`); null until enrolled. */
  totp_secret: string | null;
  totp_enrolled_at: number | null;
  /** The last accepted TOTP time step (epoch / 30 s): a code is accepted once. */
  totp_last_step: number | null;
  disabled_at: number | null;
  created_at: number;
  /** The name customers see on this staff member's chat replies (migration 0030); the username when null. */
  display_name: Generated<string | null>;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  csrf_secret: string;
  ip: string | null;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

export interface StaffChallengesTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  step: 'set-password' | 'enrol-totp' | 'totp';
  pending_secret: string | null;
  failures: Generated<number>;
  ip: string | null;
  created_at: number;
  expires_at: number;
}

/** Append-only (triggers refuse UPDATE, DELETE, an INSERT over an existing id and TRUNCATE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_kind: 'staff' | 'cli';
  actor_username: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  ip: string | null;
  /** The member the row is about (migration 0043): filed under them whatever its target. */
  member_id: Generated<number | null>;
  /** The amount the row is about in the member's money: '6000.00 BAHT', '1000000 LAK'. */
  money: Generated<string | null>;
}

/** The audit trail's hash chain (migration 0043): one link per row, written at its commit, in commit order. */
export interface AuditChainTable {
  seq: number;
  audit_id: number;
  prev_hash: string;
  hash: string;
}

/** Devices a staff member finished a sign-in on (migration 0026): the hash of the staff_device cookie. */
export interface StaffTrustedDevicesTable {
  staff_id: number;
  device_hash: string;
  created_at: number;
  last_used_at: number;
}

export interface StaffTables {
  staff_trusted_devices: StaffTrustedDevicesTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_challenges: StaffChallengesTable;
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
}
