import { sql, type Kysely } from 'kysely';
import type { InboxContext, InboxConversation, InboxMessage } from '../../../../contract/staff-inbox.js';
import type { DB } from '../../db/schema.js';
import { balanceOf, walletCode } from '../../ledger/ledger.js';
import { toMajor, type Currency } from '../../ledger/money.js';
import { ApiError } from '../../lib/errors.js';
import { runningBonus } from '../bonus/service.js';
import { gameBalancesOf } from '../games/service.js';
import { latestWithdrawals } from '../wallet/service.js';
import type { MessageRow, RoomRow } from './repository.js';

type Db = Kysely<DB>;

/** The most conversations the inbox lists; the messages a thread opens with and each older page. */
export const INBOX_LIMIT = 200;
export const THREAD_MESSAGES = 50;

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A message's words as one line: its text, a file's name, the cards' titles, or its kind. */
export function messageText(type: string, payload: string): string {
  if (type === 'end') return '';
  const p = JSON.parse(payload) as { message?: unknown; name?: unknown } | { title?: unknown }[];
  if (Array.isArray(p)) return p.map((card) => String(card.title ?? '')).join(' · ');
  const words = typeof p.message === 'string' ? p.message : '';
  const file = typeof p.name === 'string' && p.name ? p.name : '';
  return [words, file].filter(Boolean).join(' · ') || type;
}

/** The columns of a conversation's summary, with its last message and unread count, and the holder. */
function summaries(db: Db) {
  return db
    .selectFrom('chat_rooms')
    .leftJoin('members', 'members.id', 'chat_rooms.member_id')
    .leftJoin('staff', 'staff.id', 'chat_rooms.assigned_to')
    .select((eb) => [
      'chat_rooms.room',
      'chat_rooms.member_id',
      'chat_rooms.guest_id',
      'chat_rooms.name',
      'chat_rooms.lang',
      'chat_rooms.waiting_since',
      'chat_rooms.last_message_at',
      'chat_rooms.assigned_to',
      'chat_rooms.ended_at',
      'members.phone',
      'staff.username as holder_username',
      'staff.display_name as holder_display_name',
      eb
        .selectFrom('chat_messages')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('chat_messages.room', '=', 'chat_rooms.room')
        .where('chat_messages.sender', '=', 'customer')
        .where('chat_messages.read_at', 'is', null)
        .as('unread'),
      // the last words of the customer or an agent (the greeter's answer says nothing the agent needs)
      eb
        .selectFrom('chat_messages')
        .select('chat_messages.id')
        .whereRef('chat_messages.room', '=', 'chat_rooms.room')
        .where('chat_messages.sender', '<>', 'bot')
        .orderBy('chat_messages.id', 'desc')
        .limit(1)
        .as('last_id'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

async function toConversations(db: Db, rows: SummaryRow[]): Promise<InboxConversation[]> {
  const lastIds = rows.map((r) => Number(r.last_id)).filter((id) => id > 0);
  const last = lastIds.length
    ? await db
        .selectFrom('chat_messages')
        .select(['id', 'sender', 'message_type', 'payload', 'created_at'])
        .where('id', 'in', lastIds)
        .execute()
    : [];
  const byId = new Map(last.map((m) => [m.id, m]));
  return rows.map((r) => {
    const m = byId.get(Number(r.last_id));
    return {
      room: r.room,
      kind: r.member_id === null ? 'guest' : 'member',
      memberId: r.member_id,
      name: r.name,
      who: r.phone ?? r.guest_id ?? '',
      lang: r.lang,
      lastMessage: m
        ? { sender: m.sender, text: messageText(m.message_type, m.payload).slice(0, 200), at: iso(m.created_at) }
        : { sender: 'customer', text: '', at: iso(r.last_message_at) },
      unread: Number(r.unread ?? 0),
      waitingSince: r.waiting_since === null ? null : iso(r.waiting_since),
      holder:
        r.assigned_to === null
          ? null
          : { id: r.assigned_to, username: r.holder_username ?? '', displayName: r.holder_display_name ?? r.holder_username ?? '' },
    };
  });
}

/**
 * The open conversations: those waiting for an answer first, longest wait first; then the others, latest
 * message first.
 */
export async function openConversations(db: Db): Promise<InboxConversation[]> {
  const rows = await summaries(db)
    .where('chat_rooms.ended_at', 'is', null)
    .orderBy(sql`case when chat_rooms.waiting_since is null then 1 else 0 end`)
    .orderBy('chat_rooms.waiting_since')
    .orderBy('chat_rooms.last_message_at', 'desc')
    .limit(INBOX_LIMIT)
    .execute();
  return toConversations(db, rows);
}

/** One conversation's summary, open or ended; 404 NO_DATA for none. */
export async function conversationOf(db: Db, room: string): Promise<{ summary: InboxConversation; open: boolean }> {
  const row = await summaries(db).where('chat_rooms.room', '=', room).executeTakeFirst();
  if (!row) throw new ApiError(404, 'NO_DATA');
  const [summary] = await toConversations(db, [row]);
  return { summary: summary!, open: row.ended_at === null };
}

export function toInboxMessage(m: MessageRow): InboxMessage {
  return {
    id: m.id,
    sender: m.sender,
    type: m.message_type,
    payload: JSON.parse(m.payload) as unknown,
    agentName: m.sender === 'agent' ? (m.agent_name ?? null) : null,
    createdAt: iso(m.created_at),
    readAt: m.read_at === null ? null : iso(m.read_at),
    session: m.session_id,
  };
}

/** The most messages a thread answers from a given message on (the console's earlier pages and what came since). */
export const THREAD_FROM_MAX = 500;

/**
 * The conversation's messages, oldest first, and whether older ones remain: the latest THREAD_MESSAGES;
 * those older than `before` (a page back); or every one from `from` on (what the console shows after it
 * loaded earlier pages, so nothing between them and the newest drops out), at most THREAD_FROM_MAX.
 */
export async function messagesOf(
  db: Db,
  room: string,
  { before, from }: { before?: number; from?: number } = {},
): Promise<{ messages: InboxMessage[]; more: boolean }> {
  let q = db.selectFrom('chat_messages').selectAll().where('room', '=', room);
  if (before !== undefined) q = q.where('id', '<', before);
  if (from !== undefined) q = q.where('id', '>=', from);
  const limit = from === undefined ? THREAD_MESSAGES : THREAD_FROM_MAX;
  const rows = await q
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit).reverse();
  const oldest = shown[0]?.id;
  // from a given message on, older ones are there unless it was the first
  const more =
    rows.length > limit ||
    (from !== undefined &&
      oldest !== undefined &&
      (await db.selectFrom('chat_messages').select('id').where('room', '=', room).where('id', '<', oldest).limit(1).executeTakeFirst()) !==
        undefined);
  return { messages: shown.map(toInboxMessage), more };
}

/**
 * Beside the conversation: the member's money and requests, or the guest's pages and language. `staffReasons`:
 * the audit trail's reasons (a rejected withdrawal's), for finance and admins, not agents.
 */
export async function contextOf(db: Db, room: RoomRow, staffReasons = false): Promise<InboxContext> {
  if (room.member_id === null) {
    const first = await db
      .selectFrom('chat_messages')
      .select('created_at')
      .where('room', '=', room.room)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return {
      kind: 'guest',
      guestId: room.guest_id ?? '',
      lang: room.lang,
      pages: room.pages ? (JSON.parse(room.pages) as string[]) : [],
      firstMessageAt: iso(first?.created_at ?? room.last_message_at),
    };
  }
  const memberId = room.member_id;
  const m = await db
    .selectFrom('members')
    .select(['id', 'phone', 'name', 'status', 'currency'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const currency = m.currency as Currency;
  const major = (minor: number | string) => toMajor(Number(minor), currency);
  const games = [...(await gameBalancesOf(db, memberId)).values()].reduce((a, b) => a + b, 0);
  const deposits = await db
    .selectFrom('ledger_entries')
    .select(['from_label', 'amount', 'status', 'created_at'])
    .where('member_id', '=', memberId)
    .where('type', '=', 'deposit')
    .orderBy('id', 'desc')
    .limit(3)
    .execute();
  const withdrawals = await latestWithdrawals(db, memberId, 3, { staffReasons });
  const slips = await db
    .selectFrom('slips')
    .select(['reference', 'status', 'amount', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', 'in', ['PROCESSING', 'REVIEW'])
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  return {
    kind: 'member',
    id: m.id,
    phone: m.phone,
    name: m.name,
    status: m.status,
    currency,
    wallet: major(await balanceOf(db, walletCode(memberId))),
    games: major(games),
    deposits: deposits.map((d) => ({ what: d.from_label, amount: major(d.amount), status: d.status, at: iso(d.created_at) })),
    withdrawals: withdrawals.map((w) => ({
      amount: major(w.amount),
      status: w.status,
      at: iso(w.created_at),
      rejectReason: w.member_reason,
      staffReason: w.staff_reason,
    })),
    openSlips: slips.map((s) => ({ reference: s.reference, status: s.status, amount: major(s.amount), at: iso(s.created_at) })),
    bonus: await runningBonus(db, memberId, currency),
  };
}
