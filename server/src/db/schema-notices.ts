import type { ColumnType, Generated } from 'kysely';
import type { MemberEvent } from '../../../contract/member-events.js';

// What a member is told of while away, and the devices they are told on (migration 0046).

/** A notice: the live event it tells of (contract/member-events.ts), until seen; pushed while push_due_at is set. */
export interface MemberNoticesTable {
  id: Generated<number>;
  member_id: number;
  /** jsonb: read back as the object, written as its JSON text. */
  event: ColumnType<MemberEvent, string, string>;
  created_at: number;
  seen_at: number | null;
  /** When the next Web Push try is due (epoch ms); null: nothing to send (sent, given up, or no device). */
  push_due_at: number | null;
  push_attempts: Generated<number>;
  /** The devices (push_subscriptions.id) it reached (migration 0047). */
  pushed_to: Generated<number[]>;
}

/** A device's Web Push subscription (the push service's endpoint and the keys its messages are encrypted to). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: 'th' | 'la' | 'en';
  created_at: number;
  last_sent_at: number | null;
  /** The session it was subscribed in: sent to only while that session is alive (migration 0047; null before it). */
  session_id: number | null;
}

export interface NoticeTables {
  member_notices: MemberNoticesTable;
  push_subscriptions: PushSubscriptionsTable;
}
