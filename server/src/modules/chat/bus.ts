import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { afterCommit, withTransaction, type Tx } from '../../db/transaction.js';
import type { ChatMessage } from '../../../../contract/chat.js';
import type { InboxEvent } from '../../../../contract/staff-inbox.js';
import { listenChannel, schemaChannel } from '../events/service.js';
import { roomOf } from './repository.js';
import { toWire } from './wire.js';

/**
 * What the chat's open sockets must hear once a change commits: a stored message (the customer's chat and
 * the staff inbox), or a conversation ended, reassigned, read by the customer (`read`) or by its holder
 * (`seen`): the inbox's.
 */
export type ChatNews =
  { kind: 'message'; room: string; messageId: number } | { kind: 'ended' | 'assigned' | 'read' | 'seen'; room: string };

/** Tells of a change made in `tx`, once it commits; nothing when it rolls back. */
export type ChatPublish = (tx: Tx, news: ChatNews) => Promise<void>;

/** What the running server tells its sockets (realtime.ts): a message to its room and the inbox, an inbox event. */
export interface ChatSockets {
  deliver(room: string, message: ChatMessage): void;
  inbox(event: InboxEvent): void;
}

/** One Postgres channel per schema, as the member events' (instances of one schema hear each other). */
const channelOf = (database: Database) => schemaChannel(database, 'chat_outbox');

/** Tells the sockets a piece of news: a message is read from the database (the CLI's outbox names only its id). */
export async function tell(db: Database['db'] | Tx, sockets: ChatSockets, news: ChatNews): Promise<void> {
  if (news.kind !== 'message') return sockets.inbox({ kind: news.kind, room: news.room });
  const row = await db.selectFrom('chat_messages').selectAll().where('id', '=', news.messageId).executeTakeFirst();
  const room = row && (await roomOf(db, row.room));
  if (row && room) sockets.deliver(row.room, toWire(row, room));
}

/** The server's way: its own sockets (and, through the socket.io adapter, every instance's) right after the commit. */
export function serverPublish(database: Database, sockets: () => ChatSockets | undefined, log: (err: unknown) => void): ChatPublish {
  return async (tx, news) =>
    afterCommit(tx, () => {
      const to = sockets();
      if (to) tell(database.db, to, news).catch(log);
    });
}

/**
 * The operator CLI's way (another process, with no socket of its own): the news is written to `chat_outbox`
 * in the change's transaction, for a running server to tell (`drainOutbox`), and a NOTIFY at commit
 * wakes the instances at once. No HTTP hop, no PUBLIC_URL: the database is the way between them.
 */
export function outboxPublish(database: Database): ChatPublish {
  return async (tx, news) => {
    await tx
      .insertInto('chat_outbox')
      .values({
        room: news.room,
        message_id: news.kind === 'message' ? news.messageId : null,
        kind: news.kind,
        created_at: Date.now(),
      })
      .execute();
    await sql`select pg_notify(${channelOf(database)}, '')`.execute(tx);
  };
}

/** An outbox row as the news it keeps (a message row whose message is gone tells the conversation changed). */
const newsOf = (row: { room: string; kind: 'message' | 'ended' | 'assigned' | 'read' | 'seen'; message_id: number | null }): ChatNews =>
  row.kind === 'message'
    ? row.message_id === null
      ? { kind: 'assigned', room: row.room }
      : { kind: 'message', room: row.room, messageId: row.message_id }
    : { kind: row.kind, room: row.room };

/** The outbox rows taken for telling at most at once. */
const DRAIN_BATCH = 100;

/**
 * Tells what the outbox holds and forgets it: the rows are taken (deleted) and told in one transaction, so
 * a failure on the way (the database lost while reading a message) puts them all back for the next drain
 * (told again at worst: the clients keep a message once by its id). Two instances draining at once: the
 * delete decides which takes each row (Postgres holds the other's delete until the first commits).
 */
export async function drainOutbox(database: Database, sockets: ChatSockets): Promise<number> {
  let told = 0;
  for (;;) {
    const taken = await withTransaction(database, async (tx) => {
      const rows = await tx
        .deleteFrom('chat_outbox')
        .where('id', 'in', (eb) => eb.selectFrom('chat_outbox').select('id').orderBy('id').limit(DRAIN_BATCH))
        .returningAll()
        .execute();
      rows.sort((a, b) => a.id - b.id);
      for (const row of rows) await tell(tx, sockets, newsOf(row));
      return rows.length;
    });
    told += taken;
    if (taken < DRAIN_BATCH) return told;
  }
}

/** How often the outbox is looked at without a wake-up (a NOTIFY lost with a listening connection). */
export const OUTBOX_POLL_MS = 5_000;

/**
 * Drains the outbox whenever the CLI wakes us (Postgres NOTIFY) and every OUTBOX_POLL_MS besides, one drain
 * at a time; a failed drain is logged and tried again at the next turn. `stop` ends it.
 */
export function runOutbox(database: Database, sockets: ChatSockets, log: (err: unknown) => void): { stop: () => void } {
  let running: Promise<void> | undefined;
  let again = false;
  const drain = () => {
    if (running) {
      again = true;
      return;
    }
    running = drainOutbox(database, sockets)
      .then(
        () => undefined,
        (err: unknown) => log(err),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          drain();
        }
      });
  };
  const timer = setInterval(drain, OUTBOX_POLL_MS);
  timer.unref();
  const listening = listenChannel(database, channelOf(database), 'wallet chat outbox', drain, (err) => log(err));
  drain();
  return {
    stop: () => {
      clearInterval(timer);
      return listening.stop();
    },
  };
}
