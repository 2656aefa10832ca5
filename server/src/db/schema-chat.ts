import type { Generated } from 'kysely';

/** Support chat tables (migrations 0015, 0030: server/migrations/); times are epoch milliseconds. */
export interface ChatRoomsTable {
  /** member:<id> or guest:<guestId> */
  room: string;
  member_id: number | null;
  guest_id: string | null;
  session_id: string;
  /** Set by the operator's `chat end`: the next customer message opens a new session. */
  ended_at: number | null;
  username: string;
  name: string;
  last_message_at: number;
  /** The staff member holding the conversation (migration 0030), since when; null: nobody. */
  assigned_to: Generated<number | null>;
  assigned_at: Generated<number | null>;
  /** When its oldest customer message no agent answered came; null once an agent answered. */
  waiting_since: Generated<number | null>;
  /** The customer's language, from their last message. */
  lang: Generated<string | null>;
  /** JSON array: the latest distinct pages of the site the customer wrote from, newest last. */
  pages: Generated<string | null>;
}

export type ChatSender = 'customer' | 'agent' | 'bot';

export interface ChatMessagesTable {
  id: Generated<number>;
  room: string;
  session_id: string;
  sender: ChatSender;
  message_type: string;
  payload: string;
  client_message_id: string | null;
  fingerprint: string | null;
  created_at: number;
  /** Customer messages: read by the operator; agent and bot messages: read by the customer. */
  read_at: number | null;
  /** An agent's message: who sent it, and the display name the customer saw (migration 0030). */
  staff_id: Generated<number | null>;
  agent_name: Generated<string | null>;
}

export interface ChatUploadsTable {
  name: string;
  file_type: 'image' | 'video';
  content_type: string;
  size: number;
  created_at: number;
}

export interface ChatTables {
  chat_rooms: ChatRoomsTable;
  chat_messages: ChatMessagesTable;
  chat_uploads: ChatUploadsTable;
  chat_outbox: ChatOutboxTable;
  staff_presence: StaffPresenceTable;
}

/** What the operator's CLI stored for the running server to tell open sockets (migration 0030). */
export interface ChatOutboxTable {
  id: Generated<number>;
  room: string;
  message_id: number | null;
  kind: 'message' | 'ended' | 'assigned' | 'read' | 'seen';
  created_at: number;
}

/** A staff member with the inbox open on a server instance, until the next heartbeat is due. */
export interface StaffPresenceTable {
  staff_id: number;
  instance: string;
  online_until: number;
}
