import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CHAT_TEXT_MAX } from '../../../../contract/limits.js';
import { cleanName, isBlankText, stripUnsafe, stripUnsafeInLines } from '../../../../contract/account-rules.js';
import type { AppContext } from '../../context.js';
import type { ChatSender } from '../../db/schema-chat.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, isUniqueViolation } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import type { Lang } from '../../settings/localized.js';
import { greeting, offlineNotice } from './greeter.js';
import { anyoneOnline } from './presence.js';
import type { Customer } from './identity.js';
import { insertMessage, messageByClientId, roomOf, uploadOf, type MessageRow, type RoomRow } from './repository.js';
import type { ChatMessage, CustomerMessage } from '../../../../contract/chat.js';
import { toWire } from './wire.js';

/** Delivers a stored message to the sockets joined to its room (on every instance, see realtime.ts). */
export type Deliver = (room: string, message: ChatMessage) => void;

export const newSessionId = () => randomBytes(12).toString('hex');
const FILE_PATH = /^\/files\/chat\/([A-Za-z0-9_-]{16,100})$/;

function checkText(text: string, blankAllowed = false): void {
  if (!blankAllowed && isBlankText(text)) throw new ApiError(400, 'CHAT_EMPTY');
  if (text.length > CHAT_TEXT_MAX) throw new ApiError(400, 'CHAT_TOO_LONG');
}

/** §5 and §9: text not blank and at most 2000 characters; media only a file this server took, of its kind. */
async function checkContent(ctx: AppContext, m: CustomerMessage): Promise<unknown> {
  // control and bidi-control characters never reach an agent's screen (a reversed line, a faked one)
  const message = stripUnsafeInLines(m.payload.message ?? '');
  if (m.message_type === 'text') {
    checkText(message);
    return { message };
  }
  if (m.message_type === 'postback') {
    checkText(message);
    // what was tapped is the customer's to send too: cleaned like the words, the agent sees it beside them
    return { message, payload: stripUnsafe(m.payload.payload) };
  }
  checkText(message, true);
  const name = FILE_PATH.exec(m.payload.filePath)?.[1];
  const upload = name ? await uploadOf(ctx.database.db, name) : undefined;
  if (!upload || upload.file_type !== m.payload.fileType) throw new ApiError(400, 'CHAT_FILE_UNSUPPORTED');
  return {
    message,
    url: true,
    fileType: upload.file_type,
    filePath: m.payload.filePath,
    name: cleanName(m.payload.name ?? ''),
  };
}

/** The room, created on its first message; an ended session gives way to a new one (`fresh`: this message opens it). */
async function openSession(tx: Tx, customer: Customer, who: { username: string; name: string }, now: number) {
  const existing = await roomOf(tx, customer.room);
  if (existing && existing.ended_at === null) return { room: existing, fresh: false };
  const session_id = newSessionId();
  if (!existing) {
    const row = { room: customer.room, member_id: customer.memberId, guest_id: customer.guestId, session_id, ended_at: null, ...who };
    const added = await tx
      .insertInto('chat_rooms')
      .values({ ...row, last_message_at: now })
      .onConflict((oc) => oc.column('room').doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 1) return { room: (await roomOf(tx, customer.room))!, fresh: true };
  } else {
    // a new conversation: nobody holds it yet
    const reopened = await tx
      .updateTable('chat_rooms')
      .set({ session_id, ended_at: null, assigned_to: null, assigned_at: null, waiting_since: null })
      .where('room', '=', customer.room)
      .where('ended_at', 'is not', null)
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) === 1) return { room: (await roomOf(tx, customer.room))!, fresh: true };
  }
  // another message of this room opened it first (a concurrent first message): join its session
  return { room: (await roomOf(tx, customer.room))!, fresh: false };
}

/** The pages a guest wrote from, kept for the agent: the latest distinct ones, newest last. */
const PAGES_KEPT = 10;
function withPage(pages: string | null, page: string | undefined): string | null {
  if (!page) return pages;
  const list = (pages ? (JSON.parse(pages) as string[]) : []).filter((p) => p !== page);
  return JSON.stringify([...list, page].slice(-PAGES_KEPT));
}

async function whoIs(ctx: AppContext, customer: Customer, body: { username?: string | null; name?: string | null }) {
  // a guest names themselves: nothing that reorders or disguises the name (or the guest id beside it) in the console
  if (customer.memberId === null)
    return { username: cleanName(body.username ?? '') || 'guest', name: cleanName(body.name ?? '') || 'Guest' };
  const m = await ctx.database.db
    .selectFrom('members')
    .select(['phone', 'name'])
    .where('id', '=', customer.memberId)
    .executeTakeFirstOrThrow();
  return { username: m.phone, name: m.name };
}

/** Stores one message of the operator side (agent or greeter) in the room's current session and delivers it. */
export async function postToRoom(
  ctx: AppContext,
  deliver: Deliver | undefined,
  room: RoomRow,
  sender: ChatSender,
  m: { message_type: string; payload: unknown },
) {
  const row = await insertMessage(ctx.database.db, { room: room.room, session_id: room.session_id, sender, ...m, created_at: ctx.now() });
  deliver?.(room.room, toWire(row, room));
  return row;
}

export interface SendInput {
  message: CustomerMessage;
  clientMessageId: string;
  username?: string | null;
  name?: string | null;
  lang?: Lang;
  /** The site's page the customer wrote from (a path). */
  page?: string;
}

/**
 * POST /api/chat/send-message: stored once per (room, clientMessageId); a repeat with the same content
 * answers the first timestamp and delivers nothing, with other content 422 KEY_INVALID.
 */
export async function sendMessage(ctx: AppContext, deliver: Deliver, customer: Customer, input: SendInput): Promise<{ timestamp: number }> {
  const payload = await checkContent(ctx, input.message);
  const fingerprint = sha256(JSON.stringify([input.message.message_type, payload]));
  const earlier = async () => {
    const seen = await messageByClientId(ctx.database.db, customer.room, input.clientMessageId);
    if (seen && seen.fingerprint !== fingerprint) throw new ApiError(422, 'KEY_INVALID');
    return seen && { timestamp: Number(seen.created_at) };
  };
  const first = await earlier();
  if (first) return first;
  const who = await whoIs(ctx, customer, input);
  const now = ctx.now();
  let stored: { row: MessageRow; room: RoomRow; fresh: boolean };
  try {
    stored = await withTransaction(ctx.database, async (tx) => {
      // the room's row is held first, so an end, an answer or a take at the same moment comes wholly
      // before or after this message (an end's message would otherwise land in the ended session, unseen)
      await sql`select room from chat_rooms where room = ${customer.room} for update`.execute(tx);
      const { room, fresh } = await openSession(tx, customer, who, now);
      const row = await insertMessage(tx, {
        room: customer.room,
        session_id: room.session_id,
        sender: 'customer',
        message_type: input.message.message_type,
        payload,
        client_message_id: input.clientMessageId,
        fingerprint,
        created_at: now,
      });
      await tx
        .updateTable('chat_rooms')
        .set({
          last_message_at: now,
          // the wait for an answer starts at the first message after support's last reply (the row's own value)
          waiting_since: sql<number>`coalesce(waiting_since, ${now})`,
          lang: input.lang ?? 'th',
          pages: withPage(room.pages, input.page),
        })
        .where('room', '=', customer.room)
        .execute();
      return { row, room: { ...room, waiting_since: room.waiting_since ?? now }, fresh };
    });
  } catch (err) {
    // the same message won a race (two tabs, a retry while the first was in flight): the winner delivers
    const raced = isUniqueViolation(err) ? await earlier() : undefined;
    if (raced) return raced;
    throw err;
  }
  deliver(customer.room, toWire(stored.row, stored.room));
  if (stored.fresh) {
    const lang = input.lang ?? 'th';
    const greeter = ctx.settings.get('chat').greeter;
    if (greeter.enabled) for (const m of greeting(greeter, lang)) await postToRoom(ctx, deliver, stored.room, 'bot', m);
    // nobody has the inbox open: the customer is told so, with the hours, in their language
    if (!(await anyoneOnline(ctx.database.db, ctx.now())))
      await postToRoom(ctx, deliver, stored.room, 'bot', offlineNotice(ctx.settings.get('support'), lang));
  }
  return { timestamp: now };
}

// the chat module's public face for the staff console's inbox (staff/inbox.ts) and member page
export {
  answerConversation,
  endConversation,
  endWaitingGuests,
  readConversation,
  releaseConversation,
  takeConversation,
  takeNext,
  type Agent,
} from './inbox-actions.js';
export { contextOf, conversationOf, messagesOf, messageText, openConversations } from './inbox-queries.js';
export { onlineStaff } from './presence.js';
export { staffSocketTicket } from './staff-ticket.js';
export { CHAT_BUCKET, fileOf, storeChatFile } from './upload-routes.js';
export { MAX_BYTES } from './media.js';
export { roomOf } from './repository.js';
