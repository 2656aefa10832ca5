import { sql } from 'kysely';
import { isBlankText } from '../../../../contract/account-rules.js';
import { CHAT_TEXT_MAX } from '../../../../contract/limits.js';
import type { InboxAnswer } from '../../../../contract/staff-inbox.js';
import type { AppContext } from '../../context.js';
import { withTransaction, type Tx } from '../../db/transaction.js';
import { ApiError, conflict } from '../../lib/errors.js';
import { recordAudit, type By } from '../audit/service.js';
import type { ChatPublish } from './bus.js';
import { insertMessage, roomOf, uploadOf, type RoomRow } from './repository.js';

/**
 * The inbox's changes (issue 24), one service each for the console and the operator's CLI: who holds a
 * conversation, an answer, the end. Each runs in a transaction with its audit row; what open sockets must
 * hear is handed to `publish` in it (the server tells them after the commit, the CLI through the outbox).
 * `staffId` is the acting staff member (the CLI without --as has none: it answers as the system, "Support").
 */
type Ctx = Pick<AppContext, 'database' | 'now'>;
export interface Agent extends By {
  staffId: number | null;
}

const FILE_PATH = /^\/files\/chat\/([A-Za-z0-9_-]{16,100})$/;

/** The conversation, its row locked so two agents acting on it take turns; undefined for none. */
async function lockRoom(tx: Tx, room: string): Promise<RoomRow | undefined> {
  await sql`select room from chat_rooms where room = ${room} for update`.execute(tx);
  return roomOf(tx, room);
}

/** lockRoom, 404 NO_DATA for none. */
async function lockedRoom(ctx: Ctx, tx: Tx, room: string): Promise<RoomRow> {
  const row = await lockRoom(tx, room);
  if (!row) throw new ApiError(404, 'NO_DATA');
  return row;
}

/** The name a customer sees on a staff member's reply: their display name, else none (the site says "Support" in the member's language; a login name never leaves the console). */
async function staffName(tx: Tx, staffId: number | null): Promise<string | null> {
  if (staffId === null) return null;
  const row = await tx.selectFrom('staff').select('display_name').where('id', '=', staffId).executeTakeFirst();
  return row?.display_name ?? null;
}

async function holderName(tx: Tx, room: RoomRow): Promise<string | null> {
  if (room.assigned_to === null) return null;
  const row = await tx.selectFrom('staff').select('username').where('id', '=', room.assigned_to).executeTakeFirst();
  return row?.username ?? null;
}

/**
 * The caller holds the conversation: taken when nobody holds it (the update's condition decides a race);
 * held by another, 409 CHAT_HELD unless `takeOver`, which takes it from them (audited with the holder before).
 */
export async function takeConversation(ctx: Ctx, publish: ChatPublish, agent: Agent, room: string, takeOver = false): Promise<void> {
  if (agent.staffId === null) throw new ApiError(400, 'KEY_INVALID');
  const staffId = agent.staffId;
  await withTransaction(ctx.database, async (tx) => {
    const row = await lockedRoom(ctx, tx, room);
    if (row.ended_at !== null) throw conflict('CHAT_ENDED');
    if (row.assigned_to === staffId) return;
    if (row.assigned_to !== null && !takeOver) throw conflict('CHAT_HELD');
    const now = ctx.now();
    const taken = await tx
      .updateTable('chat_rooms')
      .set({ assigned_to: staffId, assigned_at: now })
      .where('room', '=', room)
      .where((eb) => (row.assigned_to === null ? eb('assigned_to', 'is', null) : eb('assigned_to', '=', row.assigned_to)))
      .executeTakeFirst();
    // another agent took it between our read and our write: theirs it stays
    if (Number(taken.numUpdatedRows) !== 1) throw conflict('CHAT_HELD');
    await recordAudit(tx, agent.actor, {
      action: row.assigned_to === null ? 'chat.take' : 'chat.take-over',
      target: `chat:${room}`,
      before: row.assigned_to === null ? null : { holder: await holderName(tx, row) },
      after: { holder: agent.actor.username },
      ip: agent.ip ?? null,
      at: now,
    });
    await publish(tx, { kind: 'assigned', room });
  });
}

/** The holder lets the conversation go: 409 CHAT_NOT_HOLDER for anyone else. */
export async function releaseConversation(ctx: Ctx, publish: ChatPublish, agent: Agent, room: string): Promise<void> {
  await withTransaction(ctx.database, async (tx) => {
    const row = await lockedRoom(ctx, tx, room);
    if (row.assigned_to === null || row.assigned_to !== agent.staffId) throw conflict('CHAT_NOT_HOLDER');
    await tx.updateTable('chat_rooms').set({ assigned_to: null, assigned_at: null }).where('room', '=', room).execute();
    await recordAudit(tx, agent.actor, { action: 'chat.release', target: `chat:${room}`, ip: agent.ip ?? null, at: ctx.now() });
    await publish(tx, { kind: 'assigned', room });
  });
}

/** Takes the open conversation waiting longest that nobody holds; undefined when none waits. */
export async function takeNext(ctx: Ctx, publish: ChatPublish, agent: Agent): Promise<string | undefined> {
  for (let tries = 0; tries < 5; tries++) {
    const next = await ctx.database.db
      .selectFrom('chat_rooms')
      .select('room')
      .where('ended_at', 'is', null)
      .where('assigned_to', 'is', null)
      .where('waiting_since', 'is not', null)
      .orderBy('waiting_since')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    try {
      await takeConversation(ctx, publish, agent, next.room);
      return next.room;
    } catch (err) {
      // taken by another agent meanwhile: the next one
      if (!(err instanceof ApiError && err.code === 'CHAT_HELD')) throw err;
    }
  }
  return undefined;
}

function checkWords(text: string, blankAllowed = false): void {
  if (!blankAllowed && isBlankText(text)) throw new ApiError(400, 'CHAT_EMPTY');
  if (text.length > CHAT_TEXT_MAX) throw new ApiError(400, 'CHAT_TOO_LONG');
}

/** A field the answer's type needs: KEY_MISSING without it. */
function needed<T>(value: T | undefined): T {
  if (value === undefined) throw new ApiError(400, 'KEY_MISSING');
  return value;
}

/** An answer as the chat stores it (§3 payloads): its kind and payload, the words checked, a file only one uploaded here. */
async function storedForm(tx: Tx, answer: InboxAnswer): Promise<{ message_type: string; payload: unknown }> {
  switch (answer.type) {
    case 'text': {
      const message = needed(answer.message);
      checkWords(message);
      return { message_type: 'text', payload: { message } };
    }
    case 'buttons': {
      const [message, buttons] = [needed(answer.message), needed(answer.buttons)];
      checkWords(message);
      for (const b of buttons) if (b.type === 'web' && !/^https?:\/\//i.test(b.payload)) throw new ApiError(400, 'KEY_INVALID');
      return { message_type: 'buttons', payload: { message, buttons } };
    }
    case 'quick_replies': {
      const [message, replies] = [needed(answer.message), needed(answer.replies)];
      checkWords(message);
      return { message_type: 'quick_replies', payload: { message, quick_replies: replies } };
    }
    case 'media': {
      const [fileType, filePath] = [needed(answer.fileType), needed(answer.filePath)];
      checkWords(answer.message ?? '', true);
      const name = FILE_PATH.exec(filePath)?.[1];
      const upload = name ? await uploadOf(tx, name) : undefined;
      if (!upload || upload.file_type !== fileType) throw new ApiError(400, 'CHAT_FILE_UNSUPPORTED');
      return { message_type: 'media', payload: { message: answer.message ?? '', url: true, fileType, filePath, name: answer.name ?? '' } };
    }
  }
}

/**
 * An answer from the holder: a conversation nobody holds is taken by it; one another holds is 409 CHAT_HELD
 * and nothing is sent (two agents never answer one customer unknowingly); an ended one 409 CHAT_ENDED.
 * The customer sees the agent's display name. The wait for an answer ends.
 */
export async function answerConversation(ctx: Ctx, publish: ChatPublish, agent: Agent, room: string, answer: InboxAnswer): Promise<number> {
  return withTransaction(ctx.database, async (tx) => {
    const row = await lockedRoom(ctx, tx, room);
    if (row.ended_at !== null) throw conflict('CHAT_ENDED');
    if (row.assigned_to !== null && row.assigned_to !== agent.staffId) throw conflict('CHAT_HELD');
    const stored = await storedForm(tx, answer);
    const now = ctx.now();
    const message = await insertMessage(tx, {
      room,
      session_id: row.session_id,
      sender: 'agent',
      ...stored,
      created_at: now,
      staff_id: agent.staffId,
      // no display name (the CLI without --as, an agent who has none): null, which the member's site says as
      // "Support" in the member's language; the login name is never shown
      agent_name: await staffName(tx, agent.staffId),
    });
    const takes = row.assigned_to === null && agent.staffId !== null;
    const changed = await tx
      .updateTable('chat_rooms')
      .set({ last_message_at: now, waiting_since: null, ...(takes ? { assigned_to: agent.staffId, assigned_at: now } : {}) })
      .where('room', '=', room)
      .where((eb) => (row.assigned_to === null ? eb('assigned_to', 'is', null) : eb('assigned_to', '=', row.assigned_to)))
      .executeTakeFirst();
    // another agent took it meanwhile: nothing is sent
    if (Number(changed.numUpdatedRows) !== 1) throw conflict('CHAT_HELD');
    await recordAudit(tx, agent.actor, {
      action: stored.message_type === 'text' ? 'chat.reply' : `chat.${stored.message_type}`,
      target: `chat:${room}`,
      after: stored.payload,
      ip: agent.ip ?? null,
      at: now,
    });
    await publish(tx, { kind: 'message', room, messageId: message.id });
    if (takes) await publish(tx, { kind: 'assigned', room });
    return message.id;
  });
}

/**
 * Ends the conversation: the closing words first (an agent's message), then the end marker the customer's
 * chat shows; the customer's next message opens a new conversation. The holder ends it, or anyone when
 * nobody holds it (409 CHAT_HELD otherwise); 409 CHAT_ENDED when it has ended already.
 */
export async function endConversation(ctx: Ctx, publish: ChatPublish, agent: Agent, room: string, closingWords?: string): Promise<void> {
  const words = closingWords?.trim() ? closingWords : undefined;
  if (words !== undefined) checkWords(words);
  await withTransaction(ctx.database, async (tx) => {
    const row = await lockedRoom(ctx, tx, room);
    if (row.ended_at !== null) throw conflict('CHAT_ENDED');
    if (row.assigned_to !== null && row.assigned_to !== agent.staffId) throw conflict('CHAT_HELD');
    await endLocked(ctx, tx, publish, agent, row, words === undefined ? undefined : { words, agentName: await closingName(tx, agent) });
  });
}

/** The name the closing words are signed with (staffName's, else none: the site says "Support" in the member's language). */
const closingName = async (tx: Tx, agent: Agent) => await staffName(tx, agent.staffId);

/**
 * Ends, in one go, the guest conversations of `rooms` (the ones the agent sees waiting) that are still
 * waiting for an answer and that nobody holds: a flood of guests (each conversation a tone for every
 * agent) is cleared without opening each. A member's conversation, one answered, taken or ended
 * meanwhile is left as it is. Each end is its own, audited like one ended by hand. Answers how many ended.
 */
export async function endWaitingGuests(ctx: Ctx, publish: ChatPublish, agent: Agent, rooms: readonly string[], closingWords?: string) {
  const words = closingWords?.trim() ? closingWords : undefined;
  if (words !== undefined) checkWords(words);
  // one name for every closing, read once
  const closing = words === undefined ? undefined : { words, agentName: await closingName(ctx.database.db, agent) };
  let ended = 0;
  for (const room of new Set(rooms)) {
    if (!room.startsWith('guest:')) continue;
    ended += await withTransaction(ctx.database, async (tx) => {
      const row = await lockRoom(tx, room);
      if (!row || row.guest_id === null || row.ended_at !== null || row.waiting_since === null || row.assigned_to !== null) return 0;
      await endLocked(ctx, tx, publish, agent, row, closing);
      return 1;
    });
  }
  return ended;
}

/** The end of a conversation whose row `tx` holds, open and the agent's to end; `closing`: the words first, signed. */
async function endLocked(
  ctx: Ctx,
  tx: Tx,
  publish: ChatPublish,
  agent: Agent,
  row: RoomRow,
  closing: { words: string; agentName: string | null } | undefined,
): Promise<void> {
  const { room } = row;
  const words = closing?.words;
  const now = ctx.now();
  if (closing) {
    const said = await insertMessage(tx, {
      room,
      session_id: row.session_id,
      sender: 'agent',
      message_type: 'text',
      payload: { message: closing.words },
      created_at: now,
      staff_id: agent.staffId,
      agent_name: closing.agentName,
    });
    await publish(tx, { kind: 'message', room, messageId: said.id });
  }
  // the marker is no reply to count: read as it is made
  const marker = await insertMessage(tx, {
    room,
    session_id: row.session_id,
    sender: 'bot',
    message_type: 'end',
    payload: {},
    created_at: now,
    read_at: now,
  });
  const ended = await tx
    .updateTable('chat_rooms')
    .set({ ended_at: now, waiting_since: null, assigned_to: null, assigned_at: null })
    .where('room', '=', room)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) throw conflict('CHAT_ENDED');
  // the customer's messages of this conversation are answered: none is left unread in the inbox
  await tx
    .updateTable('chat_messages')
    .set({ read_at: now })
    .where('room', '=', room)
    .where('sender', '=', 'customer')
    .where('read_at', 'is', null)
    .execute();
  await recordAudit(tx, agent.actor, {
    action: 'chat.end',
    target: `chat:${room}`,
    after: { session: row.session_id, ...(words !== undefined ? { closingWords: words } : {}) },
    ip: agent.ip ?? null,
    at: now,
  });
  await publish(tx, { kind: 'message', room, messageId: marker.id });
  await publish(tx, { kind: 'ended', room });
}

/** The holder read the customer's messages: how many were unread. Others' reading marks nothing (the holder still has them to read). */
export async function readConversation(ctx: Ctx, publish: ChatPublish, agent: Agent, room: string): Promise<number> {
  return withTransaction(ctx.database, async (tx) => {
    const row = await roomOf(tx, room);
    if (!row) throw new ApiError(404, 'NO_DATA');
    if (row.assigned_to === null || row.assigned_to !== agent.staffId) return 0;
    const done = await tx
      .updateTable('chat_messages')
      .set({ read_at: ctx.now() })
      .where('room', '=', room)
      .where('sender', '=', 'customer')
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const read = Number(done.numUpdatedRows);
    if (read) await publish(tx, { kind: 'seen', room });
    return read;
  });
}
