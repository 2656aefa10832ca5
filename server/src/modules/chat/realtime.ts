import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Server, type Socket } from 'socket.io';
import { keepPoolAlive, poolOptions, type Database } from '../../db/database.js';
import { isDatabaseUnavailable } from '../../db/faults.js';
import { ApiError } from '../../lib/errors.js';
import { findActiveSession, sessionRefusal } from '../auth/service.js';
import { MEMBER_EVENT, MEMBER_JOIN } from '../../../../contract/member-events.js';
import { listenMemberEvents, notifyMember } from '../events/service.js';
import { wakePush } from '../push/service.js';
import { customerOf } from './identity.js';
import type { Deliver } from './service.js';
import { runOutbox, serverPublish, type ChatPublish, type ChatSockets } from './bus.js';
import { INBOX_EVENT, STAFF_JOIN, type InboxEvent } from '../../../../contract/staff-inbox.js';
import type { ChatMessage } from '../../../../contract/chat.js';
import { ticketSession } from './staff-ticket.js';
import { INSTANCE, markOffline, markOnline, PRESENCE_HEARTBEAT_MS, renewOnline } from './presence.js';
import { openStaffSessionById } from '../staff/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends a stored chat message to the sockets of its room and tells the staff inbox, on this instance and (Postgres) every other. */
    chatDeliver: Deliver;
    /** Tells the open sockets (customers' and the inbox's) of a chat change once its transaction commits. */
    chatPublish: ChatPublish;
    /** The running server's sockets, as the chat's news reaches them (bus.ts). */
    chatSockets: ChatSockets;
    /** Disconnects this instance's member and staff sockets whose session has ended, and every member socket while the site is closed (run every SESSION_RECHECK_MS). */
    chatRecheckSessions: () => Promise<number>;
  }
}

/** How often a member socket's session is checked again: a logout, a revoked or idle session, a disabled member. */
const SESSION_RECHECK_MS = 15_000;

/** The adapter's own small pool: its LISTEN connection is held for good and must not starve the queries. */
async function postgresAdapter(database: Database) {
  const where = database.postgres;
  // loaded with the chat's sockets only
  const { createAdapter } = await import('@socket.io/postgres-adapter');
  const pool = new where.pg.Pool({ ...poolOptions(where.url, where.schema, 'wallet chat'), max: 3 });
  // its LISTEN client is checked out for good: a dropped one must be logged, not crash us; the adapter
  // sees it end and listens again on a new connection (util.js scheduleReconnection)
  keepPoolAlive(pool, 'wallet chat', where.onConnectionError);
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s ?? 'public';
  // one channel per schema: instances of one database and schema hear each other, other schemas (tests) do not
  const adapter = createAdapter(pool, { channelPrefix: `socket.io:${schema}`, tableName: `"${schema}".socket_io_attachments` });
  return { adapter, pool };
}

/** A refusal as the HTTP answers say it: a code, and its detail where there is one (contract/message.ts). */
type Refused = { message: string; detail?: string };
type Entered = { room: string; token: string | undefined } | Refused;

/**
 * A socket's join, the chat's or the events': `enter` reads what the socket sent and answers the room and
 * the session token the socket lives by, or an error code. A socket is in one room (the chat's or the
 * events'), so it leaves every other; its token is checked again every 15 s (chatRecheckSessions), so a
 * logout or a revoked session ends it. A closed site (§4 'gone') has neither: the site shows /terminated.
 */
async function joinOne(
  app: FastifyInstance,
  socket: Socket,
  data: unknown,
  enter: (sent: Record<string, unknown>) => Promise<Entered>,
): Promise<{ room: string } | Refused> {
  if (!app.ctx.settings.get('siteActive')) return { message: 'gone' };
  const entered = await enter((typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>);
  if ('message' in entered) return entered;
  for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
  await socket.join(entered.room);
  socket.data.token = entered.token;
  return { room: entered.room };
}

/** What a socket may say: join {token} (a member) or {guestId} (a guest); the room is derived, never named. */
const onJoin = (app: FastifyInstance, socket: Socket, data: unknown) =>
  joinOne(app, socket, data, async ({ token, guestId }) => {
    if ((token !== undefined && typeof token !== 'string') || (guestId !== undefined && typeof guestId !== 'string'))
      return { message: 'KEY_INVALID' };
    try {
      const customer = await customerOf(app.ctx, token, { guestId });
      // a guest's socket has no session to end it
      return { room: customer.room, token: customer.memberId === null ? undefined : token };
    } catch (err) {
      if (err instanceof ApiError) return { message: err.code, ...(err.detail && { detail: err.detail }) };
      throw err;
    }
  });

/** The staff consoles' room: every inbox hears every conversation's news. */
const STAFF_ROOM = 'staff:inbox';

/** A message's first words for the inbox's alert. */
function firstWords(message: ChatMessage): string {
  const payload = message.message.payload as { message?: unknown; name?: unknown } | undefined;
  const text =
    typeof payload?.message === 'string' && payload.message ? payload.message : typeof payload?.name === 'string' ? payload.name : '';
  return (text || message.message.message_type).slice(0, 100);
}

/**
 * `staff-join` {ticket} (contract/staff-inbox.ts): a console's socket, on the ticket of an open staff session,
 * hears the inbox while that session lasts (checked again every 15 s), and counts its staff member online.
 * Staff keep working while the site is closed to members.
 */
async function onStaffJoin(app: FastifyInstance, socket: Socket, data: unknown): Promise<{ message: string }> {
  const sessionId = ticketSession(app.ctx, (data as { ticket?: unknown } | null)?.ticket);
  const caller = sessionId === undefined ? undefined : await openStaffSessionById(app.ctx, sessionId);
  if (!caller) return { message: 'STAFF_UNAUTHORIZED' };
  for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
  await socket.join(STAFF_ROOM);
  socket.data.staffSession = caller.sessionId;
  socket.data.staffId = caller.staffId;
  await markOnline(app.ctx.database.db, [caller.staffId], app.ctx.now());
  app.chatSockets.inbox({ kind: 'presence' });
  return { message: 'SUCCESS' };
}

/** A member's events room: `events:<id>` (not the chat's `member:<id>`), joined only with the member's own token. */
const EVENTS_ROOM = 'events:';

/** `member-join` {token}: the socket hears the member's live events (contract/member-events.ts) while the session lasts. */
async function onMemberJoin(app: FastifyInstance, socket: Socket, data: unknown): Promise<Refused> {
  const joined = await joinOne(app, socket, data, async ({ token }) => {
    if (typeof token !== 'string' || token.length === 0 || token.length > 512) return { message: 'KEY_INVALID' };
    const session = await findActiveSession(app.ctx, token);
    if (session) return { room: `${EVENTS_ROOM}${session.memberId}`, token };
    const refused = await sessionRefusal(app.ctx, token);
    return { message: refused.code, ...(refused.detail && { detail: refused.detail }) };
  });
  return 'room' in joined ? { message: 'SUCCESS' } : joined;
}

/**
 * socket.io on the API's own server and port (path /socket.io). A browser's socket must come from this
 * origin (no cross-site WebSocket); with Postgres the adapter carries every emit to the other instances.
 */
export const chatRealtime = fp(async function chatRealtime(app: FastifyInstance) {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      let sameOrigin = origin === undefined;
      try {
        sameOrigin ||= new URL(origin!).host === req.headers.host;
      } catch {
        sameOrigin = false;
      }
      callback(null, sameOrigin);
    },
  });
  const bus = await postgresAdapter(app.ctx.database);
  io.adapter(bus.adapter);

  // every instance hears every member event (NOTIFY) and tells its own sockets only
  const events = listenMemberEvents(
    app.ctx.database,
    (memberId, event, pushDue) => {
      io.local.to(`${EVENTS_ROOM}${memberId}`).emit(MEMBER_EVENT, event);
      // a notice was written with it for a device: its Web Push goes now (the instances' claims send it
      // once); the busiest events (transfers answered on the screen) wake nothing
      if (pushDue) wakePush(app.ctx, app.log);
    },
    (err) => app.log.warn({ err }, 'member events: listening again'),
  );
  await events.ready;

  const answer = (name: string, run: (data: unknown) => Promise<object>) => (data: unknown, ack?: unknown) =>
    run(data).then(
      (answer) => typeof ack === 'function' && ack(answer),
      (err: unknown) => {
        // said as the HTTP answers say it (app.ts): a lost database is SERVICE_UNAVAILABLE, not a bug
        const unavailable = isDatabaseUnavailable(err);
        app.log[unavailable ? 'warn' : 'error']({ err }, `${name} failed`);
        if (typeof ack === 'function') ack({ message: unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR' });
      },
    );

  io.on('connection', (socket) => {
    socket.on(
      MEMBER_JOIN,
      answer('member join', (data) => onMemberJoin(app, socket, data)),
    );
    socket.on(
      'join',
      answer('chat join', (data) => onJoin(app, socket, data)),
    );
    socket.on(
      STAFF_JOIN,
      answer('staff join', (data) => onStaffJoin(app, socket, data)),
    );
    socket.on('disconnect', () => {
      const staffId = (socket.data as { staffId?: number }).staffId;
      if (staffId === undefined) return;
      // offline here once this instance holds no other socket of theirs
      void io.local
        .fetchSockets()
        .then(async (left) => {
          if (left.some((other) => (other.data as { staffId?: number }).staffId === staffId)) return;
          await markOffline(app.ctx.database.db, staffId);
          app.chatSockets.inbox({ kind: 'presence' });
        })
        .catch((err: unknown) => app.log.warn({ err }, 'staff presence: marking offline failed'));
    });
  });

  app.decorate('socketCount', () => io.engine.clientsCount);
  const sockets: ChatSockets = {
    deliver(room, message) {
      io.to(room).emit('messaging', message);
      // support's reply reaches the member's menu badge at once, wherever the chat is (closed, another tab)
      if (message.sender !== 'customer' && message.userId !== null && message.message.message_type !== 'end')
        void notifyMember(app.ctx.database, Number(message.userId), { kind: 'chat', from: message.sender });
      io.to(STAFF_ROOM).emit(INBOX_EVENT, {
        kind: 'message',
        room,
        sender: message.sender,
        text: firstWords(message),
        name: message.name,
      } satisfies InboxEvent);
    },
    inbox(event) {
      io.to(STAFF_ROOM).emit(INBOX_EVENT, event);
    },
  };
  app.decorate('chatSockets', sockets);
  app.decorate('chatDeliver', sockets.deliver satisfies Deliver);
  app.decorate(
    'chatPublish',
    serverPublish(
      app.ctx.database,
      () => sockets,
      (err) => app.log.warn({ err }, 'chat: telling the sockets failed'),
    ),
  );
  // what the operator's CLI stored for the sockets (chat_outbox)
  const outbox = runOutbox(app.ctx.database, sockets, (err) => app.log.warn({ err }, 'chat outbox: telling failed; tried again'));
  const staffHere = async () =>
    (await io.local.fetchSockets()).map((x) => (x.data as { staffId?: number }).staffId).filter((id): id is number => id !== undefined);
  const heartbeat = setInterval(() => {
    void (async () => {
      const db = app.ctx.database.db;
      const missing = await renewOnline(db, await staffHere(), app.ctx.now());
      // a row gone while its socket is still here (lapsed while the database was away): made again; one a
      // disconnect removed a moment ago stays removed
      const still = new Set(await staffHere());
      await markOnline(
        db,
        missing.filter((id) => still.has(id)),
        app.ctx.now(),
      );
    })().catch((err: unknown) => app.log.warn({ err }, 'staff presence heartbeat failed'));
  }, PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();

  app.decorate('chatRecheckSessions', async () => {
    let ended = 0;
    const closed = !app.ctx.settings.get('siteActive');
    for (const socket of await io.local.fetchSockets()) {
      const { token, staffSession } = socket.data as { token?: string; staffSession?: number };
      // a console's socket lives by its staff session; staff work while the site is closed
      if (staffSession !== undefined) {
        if (!(await openStaffSessionById(app.ctx, staffSession))) {
          socket.disconnect(true);
          ended += 1;
        }
        continue;
      }
      if (closed || (token && !(await findActiveSession(app.ctx, token)))) {
        socket.disconnect(true);
        ended += 1;
      }
    }
    return ended;
  });
  const recheck = setInterval(() => {
    app.chatRecheckSessions().catch((err: unknown) => app.log.error({ err }, 'chat session recheck failed'));
  }, SESSION_RECHECK_MS);
  recheck.unref();

  app.addHook('preClose', async () => {
    clearInterval(recheck);
    clearInterval(heartbeat);
    await Promise.all([outbox.stop(), events.stop()]);
    // this instance's consoles go offline now, not when their presence lapses
    for (const socket of await io.local.fetchSockets()) delete (socket.data as { staffId?: number }).staffId;
    await app.ctx.database.db
      .deleteFrom('staff_presence')
      .where('instance', '=', INSTANCE)
      .execute()
      .catch((err: unknown) => app.log.warn({ err }, 'staff presence: clearing this instance failed'));
    // the HTTP server is Fastify's to close: only the sockets, the engine and the adapter here
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    // the adapter never hands back a LISTEN client whose connection Postgres ended (it takes a new one), and
    // pool.end() waits for every client: without a bound a server that lost connections never exits
    if (bus) await Promise.race([bus.pool.end(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  });
});
