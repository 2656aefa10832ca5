import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { isNotice, type MemberEvent } from '../../../../contract/member-events.js';

export type { MemberEvent };
export { isNotice };
import { poolOptions, type Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { perDatabase } from '../../db/per-database.js';
import type { Tx } from '../../db/transaction.js';
import { callWithin } from '../../lib/outside-call.js';

/**
 * Live member events (contract/member-events.ts), told after the change they describe has committed.
 *
 * A NOTIFY on one channel per schema, which every server instance LISTENs to and hands to its own
 * sockets, so an event reaches the member on any instance, from any process that changed the money (a
 * server, the operator's command).
 *
 * An event is a hint to refresh, never the record: telling it never fails the change that caused it.
 */
/** `pushDue`: the event's notice waits for Web Push (the member has a device that asked for it). */
export type MemberEventListener = (memberId: number, event: MemberEvent, pushDue: boolean) => void;

/**
 * A Postgres channel `name`, one per schema: instances on one database and schema hear each other, other
 * schemas (tests) do not. Every LISTEN of the server names its channel so.
 */
export const schemaChannel = (database: Database, name: string) =>
  `${name}${database.postgres.schema ? `:${database.postgres.schema}` : ''}`;
const channelOf = (database: Database) => schemaChannel(database, 'member_events');

/**
 * Tells the member's open apps (every instance) about `event`; never throws. Called after the change
 * committed, or inside its transaction `tx`: Postgres then delivers the NOTIFY at commit, and tells
 * nothing when the transaction rolls back.
 */
export async function notifyMember(
  database: Database,
  memberId: number,
  event: MemberEvent,
  tx?: Tx,
  /** notice: false for an event the member is looking at as it happens (a transfer answered on the screen) */
  options: { notice?: boolean } = {},
): Promise<void> {
  const notice = options.notice !== false && isNotice(event);
  // the NOTIFY every instance hears (what `listenMemberEvents` reads); `p`: a notice waits for Web Push
  const channel = channelOf(database);
  const payload = (pushDue: boolean) => JSON.stringify(pushDue ? { m: memberId, e: event, p: 1 } : { m: memberId, e: event });
  // inside the transaction its failure is the transaction's (as any statement's), and so is its notice;
  // outside it is only a lost hint, and the notice a best effort after the change committed
  if (tx) {
    const pushDue = notice && (await recordNotice(tx, memberId, event));
    return void (await sql`select pg_notify(${channel}, ${payload(pushDue)})`.execute(tx));
  }
  const pushDue =
    notice && ((await callWithin(() => recordNotice(database.db, memberId, event), SEND_WITHIN_MS).catch(() => false)) ?? false);
  return told(database, channel, payload(pushDue));
}

/**
 * A notice for the member: due for Web Push at once (push_due_at 0, whatever the sender's clock) when the
 * member has a device that asked for it and has not turned notifications off, else nothing to send (null: no claim, no pass over it). Support's
 * replies make one notice while one is unseen from the last CHAT_NOTICE_MS: a conversation is one "support
 * replied", and a reply told again (the chat's outbox re-tells after a failed drain) is not a second.
 */
async function recordNotice(db: Kysely<DB> | Tx, memberId: number, event: MemberEvent): Promise<boolean> {
  const now = Date.now();
  const { rows } = await sql<{ due: boolean }>`insert into member_notices (member_id, event, created_at, push_due_at)
    select ${memberId}, ${JSON.stringify(event)}::jsonb, ${now},
      case when exists (select 1 from push_subscriptions where member_id = ${memberId})
        and not exists (select 1 from members where id = ${memberId} and push_off_at is not null) then 0 end
    where ${event.kind !== 'chat'} or not exists (
      select 1 from member_notices where member_id = ${memberId} and seen_at is null
        and event->>'kind' = 'chat' and created_at > ${now - CHAT_NOTICE_MS})
    returning push_due_at is not null as due`.execute(db);
  return rows[0]?.due ?? false;
}
const CHAT_NOTICE_MS = 10 * 60_000;

/**
 * Events told outside a transaction: each statement tells every event that arrived while the one
 * before was on its way (a transaction of its own, one commit). Postgres holds one lock per database from a
 * transaction's NOTIFY to the end of its commit, so a statement per event, at hundreds of transfers a
 * second, queued every commit behind the one before. Resolves once the queue it joined has gone out (or was
 * given up: a statement that fails or takes over SEND_WITHIN_MS is a lost hint, and the next goes on).
 * Identical events of one statement reach a listener once (NOTIFY's rule): each is a hint to refresh.
 * While sending is stuck, at most WAITING_MAX wait; older ones make room. Its commit does not wait for its
 * WAL flush (a NOTIFY takes a transaction id, so its commit would): a hint a Postgres crash loses is a hint
 * lost, which the member's app makes up for by reading.
 */
const sendingOf = perDatabase((): { waiting: string[]; drained?: Promise<void> } => ({ waiting: [] }));
const BATCH = 500;
const SEND_WITHIN_MS = 5_000;
const WAITING_MAX = 10_000;

function told(database: Database, channel: string, payload: string): Promise<void> {
  const box = sendingOf(database);
  if (box.waiting.length >= WAITING_MAX) box.waiting.shift();
  box.waiting.push(payload);
  const current = box;
  return (current.drained ??= (async () => {
    try {
      while (current.waiting.length) {
        const payloads = current.waiting.splice(0, BATCH);
        await callWithin(
          () =>
            sql`select pg_notify(${channel}, p)
              from (select set_config('synchronous_commit', 'off', true)) as unflushed, unnest(${payloads}::text[]) as p`.execute(
              database.db,
            ),
          SEND_WITHIN_MS,
        );
      }
    } finally {
      current.drained = undefined;
    }
  })());
}

/** Hears every member event of this database and schema: `ready` once listening (or the first try failed), `stop` ends it. */
export function listenMemberEvents(
  database: Database,
  listener: MemberEventListener,
  log: (err: Error) => void,
): { ready: Promise<void>; stop: () => Promise<void> } {
  return listenChannel(
    database,
    channelOf(database),
    'wallet events',
    (payload) => {
      const { m, e, p } = JSON.parse(payload) as { m: number; e: MemberEvent; p?: 1 };
      listener(m, e, p === 1);
    },
    log,
  );
}

/**
 * A connection of its own that LISTENs to `channel` and hands each notification's payload to
 * `heard` (a throw there is logged). A dropped connection is logged and made again a second later, never a
 * crash; `listening` hears true each time LISTEN is in place and false when its connection is lost (what
 * was told meanwhile is not heard). `ready` once listening (or the first try failed); `stop` ends it.
 */
export function listenChannel(
  database: Database,
  channel: string,
  role: string,
  heard: (payload: string) => void,
  log: (err: Error) => void,
  listening: (up: boolean) => void = () => undefined,
): { ready: Promise<void>; stop: () => Promise<void> } {
  let readied: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (readied = resolve));
  const where = database.postgres;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    if (stopped) return;
    // TCP keepalive: a connection cut without a word (a NAT, a failed-over host) is noticed, not listened to forever
    const current = new where.pg.Client({
      ...poolOptions(where.url, where.schema, role),
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = current;
    const again = (err?: Error) => {
      if (err) log(err);
      if (client !== current || stopped) return;
      client = undefined;
      listening(false);
      current.removeAllListeners('notification');
      void current.end().catch(() => undefined);
      retry = setTimeout(connect, 1_000);
      retry.unref();
    };
    current.on('error', again);
    current.on('end', () => again());
    current.on('notification', (n) => {
      if (n.channel !== channel) return;
      try {
        heard(n.payload ?? '');
      } catch (err) {
        log(err as Error);
      }
    });
    current
      .connect()
      .then(() => current.query(`listen "${channel.replaceAll('"', '""')}"`))
      .then(
        () => {
          if (client === current && !stopped) listening(true);
          readied();
        },
        (err: Error) => {
          readied();
          again(err);
        },
      );
  };
  connect();
  // resolves once the connection has ended: an embedded Postgres stops at the process's end only when no
  // other client is connected, and a LISTEN connection still closing counted as one (the server left running)
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
  return { ready, stop };
}
