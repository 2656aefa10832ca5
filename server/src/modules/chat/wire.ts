import type { ChatMessage } from '../../../../contract/chat.js';
import type { MessageRow, RoomRow } from './repository.js';

/** A stored message as the site reads it (§3 Chat conversation): generic messages carry `payloads`. */
export function toWire(row: MessageRow, room: Pick<RoomRow, 'member_id' | 'guest_id' | 'username' | 'name'>): ChatMessage {
  const payload: unknown = JSON.parse(row.payload);
  return {
    _id: String(row.id),
    clientMessageId: row.client_message_id,
    sender: row.sender,
    message:
      row.message_type === 'generic'
        ? { message_type: 'generic', payloads: payload as NonNullable<ChatMessage['message']['payloads']> }
        : { message_type: row.message_type, payload },
    userId: room.member_id === null ? null : String(room.member_id),
    guestId: room.guest_id,
    username: room.username,
    name: room.name,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    session_id: row.session_id,
    read: row.read_at !== null,
    agentName: row.sender === 'agent' ? (row.agent_name ?? null) : null,
  };
}
