import type { Generated, Insertable, Selectable } from 'kysely';

// Members and how they sign in (migrations 0001, security, rate limits).

/** Times are epoch milliseconds; money (later) is integer minor units. */
export interface MembersTable {
  id: Generated<number>;
  phone: string;
  name: string;
  password_hash: string;
  status: 'active' | 'disabled';
  /** Not read: spin-wheel coins live in the ledger (ledger/coins.ts). */
  coin: Generated<number>;
  currency: 'BAHT' | 'LAK';
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  /** The last change of bank, account number or account name after registration (null: none since). */
  bank_changed_at: number | null;
  source_code: string | null;
  inviter_id: number | null;
  created_at: number;
  /** When the member turned notifications off for their account (migration 0054); null: on. */
  push_off_at: Generated<number | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The sign-in's browser (User-Agent, at most 300 characters) and address (migration 0029); null before it. */
  user_agent: Generated<string | null>;
  ip: Generated<string | null>;
}

export interface OtpsTable {
  token: string;
  phone: string;
  ref: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  verified_at: number | null;
  consumed_at: number | null;
  /** What the code proves the phone for (migration 0023): registering it, or setting a forgotten password. */
  purpose: OtpPurpose;
}

export type OtpPurpose = 'register' | 'password';

/** A device (the site's random X-Device-Id, stored hashed) that signed in as the member before. */
export interface TrustedDevicesTable {
  member_id: number;
  device_hash: string;
  created_at: number;
  last_used_at: number;
}

/** A limit's fixed window (lib/rate-limit.ts), shared by every server instance on this database. */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface MemberTables {
  members: MembersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  trusted_devices: TrustedDevicesTable;
  rate_limits: RateLimitsTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
