import { Value } from 'typebox/value';
import { Type } from 'typebox';
import { postInternal } from '../../lib/internal-post.js';
import type { CommandSet } from '../../operator/command-sets.js';
import { auditCli, printable, UsageError, type OperatorEnv, type Print } from '../../operator/common.js';
import { withTransaction } from '../../db/transaction.js';
import { CHAT_DELIVERY, DELIVER_PATH } from './delivery.js';
import { CHAT_TEXT_MAX } from '../../../../contract/limits.js';
import { GUEST_ID, type SupportMessage } from '../../../../contract/chat.js';
import { guestRoom, memberRoom } from './identity.js';
import { historyPage, insertMessage, markRead, openRooms, roomOf } from './repository.js';

const time = (ms: number) => new Date(Number(ms)).toISOString();

/** A member's phone or a guest id, to its conversation. */
async function roomFor(env: OperatorEnv, who: string | undefined) {
  if (!who) throw new UsageError('name the conversation: a member phone or a guest id (see chat list)');
  const member = await env.database.db.selectFrom('members').select('id').where('phone', '=', who).executeTakeFirst();
  const key = member ? memberRoom(member.id) : new RegExp(GUEST_ID).test(who) ? guestRoom(who) : undefined;
  const room = key && (await roomOf(env.database.db, key));
  if (!room) throw new UsageError(`no conversation with ${who}`);
  return room;
}

/** Asks the running server to deliver stored messages to open sockets; without one, they wait in history. */
async function deliver(env: OperatorEnv, ids: number[], print: Print) {
  const url = `${env.config.publicUrl}${DELIVER_PATH}`;
  try {
    const res = await postInternal(env.config, CHAT_DELIVERY, { ids }, 10_000);
    print(res.ok ? `delivered through ${url}` : `the server at ${url} answered ${res.status}: the reply shows when the history reloads`);
  } catch {
    print(`no server answered at ${url}: the reply is stored and shows when the history reloads`);
  }
}

async function post(env: OperatorEnv, who: string | undefined, m: SupportMessage, print: Print) {
  const room = await roomFor(env, who);
  if (room.ended_at !== null) throw new UsageError(`the conversation with ${who} has ended; it reopens with the customer's next message`);
  const row = await withTransaction(env.database, async (tx) => {
    const inserted = await insertMessage(tx, {
      room: room.room,
      session_id: room.session_id,
      sender: 'agent',
      ...m,
      created_at: Date.now(),
    });
    await auditCli(env, tx, {
      action: `chat.${m.message_type === 'text' ? 'reply' : 'buttons'}`,
      target: `chat:${room.room}`,
      after: m.payload,
    });
    return inserted;
  });
  print(`sent ${m.message_type} ${row.id} to ${room.room}`);
  await deliver(env, [row.id], print);
}

const ButtonsJson = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: CHAT_TEXT_MAX }),
    buttons: Type.Array(
      Type.Object(
        {
          title: Type.String({ minLength: 1, maxLength: 100 }),
          type: Type.Union([Type.Literal('web'), Type.Literal('call'), Type.Literal('postback')]),
          payload: Type.String({ minLength: 1, maxLength: 500 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 3 },
    ),
  },
  { additionalProperties: false },
);

async function show(env: OperatorEnv, who: string | undefined, print: Print) {
  const room = await roomFor(env, who);
  const { total, rows } = await historyPage(env.database.db, room.room, 30, 0);
  print(
    `${room.room} ${printable(room.name)} (${printable(room.username)}) session ${room.session_id}${room.ended_at ? ' ended' : ''}; ${total} message(s), the last 30:`,
  );
  for (const r of rows.reverse())
    print(`${time(r.created_at)}\t${r.session_id.slice(0, 6)}\t${r.sender}\t${r.message_type}\t${printable(r.payload)}`);
  await markRead(env.database.db, room.room, ['customer'], Date.now());
}

export const chatCommands: CommandSet = {
  help: `  npm run operator -- chat list                 open support conversations, unread customer messages first column
  npm run operator -- chat show <phone|guestId>  the last 30 messages (marks the customer's read)
  npm run operator -- chat reply <phone|guestId> <text>  answer; an open chat sees it at once
  npm run operator -- chat buttons <phone|guestId> <json>  {"message":"...","buttons":[{"title":"...","type":"web|call|postback","payload":"..."}]}
  npm run operator -- chat end <phone|guestId> [closing words]   end the session (after posting the closing words, so the customer sees it ended); the next message opens a new one (and the greeter)
`,
  async run(env, args, print) {
    const [group, action, who, ...rest] = args;
    if (group !== 'chat') return false;
    switch (action) {
      case 'list': {
        const rooms = await openRooms(env.database.db);
        print(`${rooms.length} open conversation(s) (unread, who, name, last message)`);
        for (const r of rooms)
          print(`${Number(r.unread ?? 0)}\t${r.phone ?? r.guest_id}\t${printable(r.name)}\t${time(r.last_message_at)}`);
        return true;
      }
      case 'show':
        await show(env, who, print);
        return true;
      case 'reply': {
        const text = rest.join(' ');
        if (!text.trim() || text.length > CHAT_TEXT_MAX)
          throw new UsageError(`chat reply needs a text of 1 to ${CHAT_TEXT_MAX} characters`);
        await post(env, who, { message_type: 'text', payload: { message: text } }, print);
        return true;
      }
      case 'buttons': {
        let value: unknown;
        try {
          value = JSON.parse(rest.join(' '));
        } catch {
          value = undefined;
        }
        if (!Value.Check(ButtonsJson, value))
          throw new UsageError(
            'chat buttons needs JSON {"message":"...","buttons":[{"title","type":"web|call|postback","payload"}]}, 1 to 3 buttons',
          );
        await post(env, who, { message_type: 'buttons', payload: value }, print);
        return true;
      }
      case 'end': {
        const words = rest.join(' ').trim();
        if (words.length > CHAT_TEXT_MAX) throw new UsageError(`chat end takes closing words of at most ${CHAT_TEXT_MAX} characters`);
        if (words) await post(env, who, { message_type: 'text', payload: { message: words } }, print);
        const room = await roomFor(env, who);
        await withTransaction(env.database, async (tx) => {
          await tx.updateTable('chat_rooms').set({ ended_at: Date.now() }).where('room', '=', room.room).execute();
          await auditCli(env, tx, { action: 'chat.end', target: `chat:${room.room}`, after: { session: room.session_id } });
        });
        print(`ended session ${room.session_id} of ${room.room}`);
        return true;
      }
      default:
        throw new UsageError('chat commands: list, show, reply, buttons, end');
    }
  },
};
