import type { Generated, Insertable, Selectable } from 'kysely';

/** Times are epoch milliseconds; money (later) is integer minor units. */
export interface MembersTable {
  id: Generated<number>;
  phone: string;
  name: string;
  password_hash: string;
  status: 'active' | 'disabled';
  coin: Generated<number>;
  currency: 'BAHT' | 'LAK';
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  source_code: string | null;
  inviter_id: number | null;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
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
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface BanksTable {
  code: string;
  name_th: string;
  name_en: string;
  sort: number;
}

export interface SourcesTable {
  code: string;
  description: string;
  sort: number;
}

export interface DB {
  members: MembersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  settings: SettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
