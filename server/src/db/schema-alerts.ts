import type { ColumnType, Generated } from 'kysely';

// On-call (migration 0050): each instance's sweep heartbeat, and the alerts sent to LINE and Telegram.

/** jsonb: read back as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** An instance's last sweep pass (its id: host, process and start). */
export interface SweepHeartbeatsTable {
  instance: string;
  seen_at: number;
  /** The last pass in which every task ran through (epoch ms). */
  succeeded_at: number | null;
  failed_at: number | null;
  failed_tasks: Generated<string[]>;
  ledger_problems: Generated<number>;
  /** Outside calls that came to no answer during the last pass, by provider. */
  provider_faults: ColumnType<Record<string, number>, string | undefined, string>;
}

export type AlertChannelName = 'line' | 'telegram';

export interface AlertChannelsTable {
  channel: AlertChannelName;
  enabled: boolean;
  /** LINE's channel access token, or the Telegram bot's token, sealed (the staff secrets' key): never answered back. */
  token: string;
  /** LINE's group id, or Telegram's chat id. */
  target: string;
  updated_at: number;
  updated_by: string;
  last_sent_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
}

export interface AlertConfigTable {
  id: number;
  rules: Json<unknown>;
  lang: 'th' | 'la' | 'en';
  /** The last journal entry the large-deposit rule looked at (null before its first look). */
  deposit_cursor: number | null;
  updated_at: number;
  updated_by: string;
}

export interface AlertStatesTable {
  key: string;
  rule: string;
  fired_at: number;
  resolved_at: number | null;
  detail: Json<Record<string, string | number>>;
}

export interface AlertMessagesTable {
  id: Generated<number>;
  channel: AlertChannelName;
  alert_key: string | null;
  kind: 'fired' | 'resolved' | 'notice';
  text: string;
  retry_key: string;
  created_at: number;
  /** When the next try is due; null: nothing more to do (sent, or given up with failed_code). */
  due_at: number | null;
  attempts: Generated<number>;
  sent_at: number | null;
  failed_code: string | null;
}

export interface AlertTables {
  sweep_heartbeats: SweepHeartbeatsTable;
  alert_channels: AlertChannelsTable;
  alert_config: AlertConfigTable;
  alert_states: AlertStatesTable;
  alert_messages: AlertMessagesTable;
}
