import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * Support chat (issue 11). A room is one customer's conversation: `member:<id>` or `guest:<id>`; its
 * current session_id splits it into sessions, and `ended_at` set means the next customer message opens
 * a new one. A customer message carries the site's client id, unique in its room, so a retried or
 * doubled send is stored once. Uploads are recorded so a media message can only name a file we made.
 */
export function chatMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0015_chat': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('chat_rooms')
          .addColumn('room', 'text', (c) => c.primaryKey())
          .addColumn('member_id', 'integer', (c) => c.references('members.id'))
          .addColumn('guest_id', 'text')
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('ended_at', 'bigint')
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('last_message_at', 'bigint', (c) => c.notNull())
          .addCheckConstraint('chat_rooms_owner_check', sql`(member_id is null) <> (guest_id is null)`)
          .execute();

        await idColumn(db, 'chat_messages')
          .addColumn('room', 'text', (c) => c.notNull().references('chat_rooms.room'))
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('sender', 'text', (c) => c.notNull())
          .addColumn('message_type', 'text', (c) => c.notNull())
          // JSON: the §3 payload (or payloads, for generic)
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('client_message_id', 'text')
          .addColumn('fingerprint', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('read_at', 'bigint')
          .addCheckConstraint('chat_messages_sender_check', sql`sender in ('customer', 'agent', 'bot')`)
          .execute();
        await db.schema.createIndex('chat_messages_room_idx').on('chat_messages').columns(['room', 'id']).execute();
        // one stored message per client id and room, whoever wins the race (two tabs, a retry)
        await db.schema
          .createIndex('chat_messages_client_unique')
          .on('chat_messages')
          .columns(['room', 'client_message_id'])
          .unique()
          .where(sql.ref('client_message_id'), 'is not', null)
          .execute();

        await db.schema
          .createTable('chat_uploads')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('file_type', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        // the socket.io Postgres adapter's table for payloads over NOTIFY's 8000 bytes (its documented shape)
        if (dialect === 'postgres')
          await sql`create table socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)`.execute(
            db,
          );
      },
      async down(db: Kysely<unknown>) {
        if (dialect === 'postgres') await sql`drop table socket_io_attachments`.execute(db);
        await db.schema.dropTable('chat_uploads').execute();
        await db.schema.dropTable('chat_messages').execute();
        await db.schema.dropTable('chat_rooms').execute();
      },
    },
  };
}
