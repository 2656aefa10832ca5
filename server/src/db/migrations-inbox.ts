import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './database.js';
import { tableWithId } from './table.js';

/**
 * Issue 24, the live support inbox:
 * - staff have a display name the customer sees on their replies;
 * - a conversation has one holder at a time (`assigned_to`, since `assigned_at`), the time its oldest
 *   unanswered customer message came (`waiting_since`, null once an agent answered), the customer's
 *   language and the site's pages they wrote from (a guest's context);
 * - an agent's message names the staff member and the display name shown (kept as it was then);
 * - `chat_outbox`: messages the operator's CLI (another process) stored, for the running server to
 *   deliver to open sockets: the database is the way between them, never an HTTP hop;
 * - `staff_presence`: which staff member has the inbox open on which instance, until when (a heartbeat).
 */
export function inboxMigrations(dialect: Dialect): Record<string, Migration> {
  const idColumn = tableWithId(dialect);
  return {
    '0030_support_inbox': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('staff').addColumn('display_name', 'text').execute();

        await db.schema
          .alterTable('chat_rooms')
          .addColumn('assigned_to', 'integer', (c) => c.references('staff.id'))
          .execute();
        await db.schema.alterTable('chat_rooms').addColumn('assigned_at', 'bigint').execute();
        await db.schema.alterTable('chat_rooms').addColumn('waiting_since', 'bigint').execute();
        await db.schema.alterTable('chat_rooms').addColumn('lang', 'text').execute();
        // JSON: the latest distinct pages of the site the customer wrote from, newest last
        await db.schema.alterTable('chat_rooms').addColumn('pages', 'text').execute();
        await db.schema.createIndex('chat_rooms_open_idx').on('chat_rooms').columns(['ended_at', 'last_message_at']).execute();
        // the open conversations' customer messages no agent answered yet: since the first after the last agent reply
        await sql`update chat_rooms set waiting_since = (
            select min(m.created_at) from chat_messages m
            where m.room = chat_rooms.room and m.sender = 'customer' and m.session_id = chat_rooms.session_id
              and m.id > coalesce((select max(a.id) from chat_messages a where a.room = chat_rooms.room and a.sender = 'agent'), 0))
          where ended_at is null`.execute(db);

        await db.schema
          .alterTable('chat_messages')
          .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
          .execute();
        await db.schema.alterTable('chat_messages').addColumn('agent_name', 'text').execute();

        await idColumn(db, 'chat_outbox')
          .addColumn('room', 'text', (c) => c.notNull())
          .addColumn('message_id', 'integer', (c) => c.references('chat_messages.id'))
          // what to tell: 'message' (deliver message_id), 'ended', 'assigned' (its holder changed), 'read' (the customer read)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('staff_presence')
          .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
          // one server process: its random id for as long as it runs
          .addColumn('instance', 'text', (c) => c.notNull())
          .addColumn('online_until', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('staff_presence_pk', ['staff_id', 'instance'])
          .execute();
      },
    },
  };
}
