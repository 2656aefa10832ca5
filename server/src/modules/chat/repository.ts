import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ChatMessagesTable, ChatRoomsTable, ChatSender } from '../../db/schema-chat.js';
import type { Tx } from '../../db/transaction.js';

export type RoomRow = Selectable<ChatRoomsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;
type Db = Kysely<DB> | Tx;

export const roomOf = (db: Db, room: string) => db.selectFrom('chat_rooms').selectAll().where('room', '=', room).executeTakeFirst();

export async function messageByClientId(db: Db, room: string, clientMessageId: string) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('room', '=', room)
    .where('client_message_id', '=', clientMessageId)
    .executeTakeFirst();
}

export async function insertMessage(
  db: Db,
  m: {
    room: string;
    session_id: string;
    sender: ChatSender;
    message_type: string;
    payload: unknown;
    client_message_id?: string;
    fingerprint?: string;
    created_at: number;
    /** Made read (the end marker: no reply to count). */
    read_at?: number;
    /** An agent's message: the staff member (none for the CLI's system) and the name the customer sees. */
    staff_id?: number | null;
    agent_name?: string | null;
  },
): Promise<MessageRow> {
  return db
    .insertInto('chat_messages')
    .values({
      ...m,
      payload: JSON.stringify(m.payload),
      client_message_id: m.client_message_id ?? null,
      fingerprint: m.fingerprint ?? null,
      read_at: m.read_at ?? null,
      staff_id: m.staff_id ?? null,
      agent_name: m.agent_name ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Newest first; `before` (a message id) pages by cursor: only messages older than it, so new ones arriving meanwhile shift nothing. */
export async function historyPage(db: Db, room: string, limit: number, skip: number, before?: number) {
  const total = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room', '=', room)
    .executeTakeFirstOrThrow();
  let page = db.selectFrom('chat_messages').selectAll().where('room', '=', room);
  if (before !== undefined) page = page.where('id', '<', before);
  const rows = await page.orderBy('id', 'desc').limit(limit).offset(skip).execute();
  return { total: Number(total.n), rows };
}

/** Marks the room's messages from `senders` read; how many were unread. */
export async function markRead(db: Db, room: string, senders: ChatSender[], now: number): Promise<number> {
  const result = await db
    .updateTable('chat_messages')
    .set({ read_at: now })
    .where('room', '=', room)
    .where('sender', 'in', senders)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many of the room's messages from `senders` are not read yet. */
export async function countUnread(db: Db, room: string, senders: ChatSender[]): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('room', '=', room)
    .where('sender', 'in', senders)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const uploadOf = (db: Db, name: string) => db.selectFrom('chat_uploads').selectAll().where('name', '=', name).executeTakeFirst();
