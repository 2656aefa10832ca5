import type { Generated } from 'kysely';

/** Support chat tables (migrations-chat.ts); times are epoch milliseconds. */
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
}
