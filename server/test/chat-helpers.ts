import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { call, type TestServer } from './helper.js';

export const guestId = () => randomBytes(12).toString('hex');
export const clientId = () => `c-${randomBytes(8).toString('hex')}`;

/** The §3 package the site sends for a text, from a member (token) or a guest. */
export function textPackage(text: string, who: { guestId?: string; userId?: string } = {}, extra: Record<string, unknown> = {}) {
  return {
    sender: 'customer',
    message: { message_type: 'text', payload: { message: text } },
    userId: who.userId ?? null,
    guestId: who.guestId ?? null,
    username: 'someone',
    name: 'Someone',
    createdAt: new Date().toISOString(),
    clientMessageId: clientId(),
    ...extra,
  };
}

/**
 * A guest behind an address of its own (10.x.y.z from its id), unless `address` says: the limit on new
 * guest conversations per address has its own test, and the others open many guests' conversations.
 */
const addressOfGuest = (body: unknown) => {
  const id = (body as { guestId?: string | null } | undefined)?.guestId;
  if (!id) return undefined;
  const [a, b, c] = createHash('sha256').update(id).digest();
  return `10.${a}.${b}.${c}`;
};

export const send = (server: TestServer, body: unknown, token?: string, address?: string) =>
  call(server.app, 'POST', '/api/chat/send-message', body, { token, address: address ?? addressOfGuest(body) });

export async function history(
  server: TestServer,
  who: { guestId?: string; userId?: string },
  token?: string,
  page: { limit?: number; skip?: number; before?: string } = {},
) {
  const res = await call(
    server.app,
    'POST',
    '/api/chat/history',
    { userId: who.userId ?? null, guestId: who.guestId ?? null, ...page },
    { token },
  );
  return res;
}

/** A multipart body with one file in `file`. */
export function multipart(bytes: Buffer, filename = 'x.bin') {
  const boundary = `----chat${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-wallet-client': 'member' } };
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(64)]);

/** The server listening on loopback on a free port (socket.io needs a real socket). */
export async function listen(server: TestServer): Promise<string> {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

export interface Joined<T = unknown> {
  socket: Socket;
  received: T[];
  answer: { room?: string; message?: string };
}

/** A socket.io join: the event that joins and the event the joined socket hears. */
export interface Channel {
  join: string;
  hears: string;
}
/** The support chat's: `join` {token} or {guestId}, then every `messaging`. */
export const CHAT: Channel = { join: 'join', hears: 'messaging' };
/** The member's live events (contract/member-events.ts): `member-join` {token}, then every `member`. */
export const MEMBER_EVENTS: Channel = { join: 'member-join', hears: 'member' };

/** A socket.io client that joins `channel` (the chat's unless told) with `data` and records everything it then hears. */
export async function join<T = unknown>(url: string, data: unknown, channel: Channel = CHAT): Promise<Joined<T>> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
  const received: T[] = [];
  socket.on(channel.hears, (m: T) => received.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const answer = (await socket.timeout(5000).emitWithAck(channel.join, data)) as Joined['answer'];
  return { socket, received, answer };
}

/**
 * Waits until `check` holds (a socket event arrives, a row is there), at most `ms` (generous: a bound for a
 * busy machine, not a timing); `what` names it when it never does.
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000, what = 'it'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A staff member with the inbox open (a presence row that lasts): the greeter then does not tell customers
 * that nobody is online. Answers a function that takes them offline again.
 */
export async function agentOnline(server: TestServer, username = 'online-agent'): Promise<() => Promise<void>> {
  const db = server.ctx.database.db;
  let staff = await db.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirst();
  staff ??= await db
    .insertInto('staff')
    .values({ username, role: 'agent', password_hash: 'x', must_change_password: 0, totp_secret: null, created_at: server.clock.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('staff_presence').values({ staff_id: staff.id, instance: 'test', online_until: Number.MAX_SAFE_INTEGER }).execute();
  return async () => {
    await db.deleteFrom('staff_presence').where('staff_id', '=', staff.id).execute();
  };
}

/**
 * Until `instances` socket.io adapters of the server's schema hold their LISTEN (each instance's own
 * connection, seen in pg_stat_activity): a message sent before then would not cross to another instance.
 */
export async function untilAdaptersListen(server: TestServer, instances: number, ms = 15_000): Promise<void> {
  const listening = `LISTEN "socket.io:${server.schema}#%`;
  const listen = async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where state = 'idle' and query like ${listening}`.execute(server.ctx.database.db);
    return rows[0]!.n >= instances;
  };
  await until(listen, ms, `${instances} socket.io adapters to listen`);
}
