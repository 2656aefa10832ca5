import { Value } from 'typebox/value';
import { Type } from 'typebox';
import type { CommandSet } from '../../operator/command-sets.js';
import { printable, UsageError, type OperatorEnv, type Print } from '../../operator/common.js';
import { CHAT_TEXT_MAX } from '../../../../contract/limits.js';
import { GUEST_ID } from '../../../../contract/chat.js';
import type { InboxAnswer } from '../../../../contract/staff-inbox.js';
import { ApiError } from '../../lib/errors.js';
import { CLI_SYSTEM } from '../audit/service.js';
import { answerConversation, endConversation, readConversation, takeConversation, type Agent } from './inbox-actions.js';
import { openConversations } from './inbox-queries.js';
import { outboxPublish } from './bus.js';
import { guestRoom, memberRoom } from './identity.js';
import { historyPage, roomOf } from './repository.js';

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

/** Who answers: the staff member of --as (their display name shows), or the system ("Support"). */
async function agentOf(env: OperatorEnv): Promise<Agent> {
  const actor = env.actor ?? CLI_SYSTEM;
  const staff =
    actor === CLI_SYSTEM
      ? undefined
      : await env.database.db.selectFrom('staff').select('id').where('username', '=', actor.username).executeTakeFirst();
  return { actor, staffId: staff?.id ?? null };
}

/** The inbox's refusals as the CLI says them. */
async function said<T>(who: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const why: Record<string, string> = {
      CHAT_HELD: `another staff member holds the conversation with ${who}; take it over with: chat take ${who} --take-over --as <you>`,
      CHAT_ENDED: `the conversation with ${who} has ended; it reopens with the customer's next message`,
      CHAT_NOT_HOLDER: `you do not hold the conversation with ${who}`,
      CHAT_EMPTY: 'the text is blank',
      CHAT_TOO_LONG: `the text is over ${CHAT_TEXT_MAX} characters`,
    };
    throw new UsageError(why[err.code] ?? err.code);
  }
}

/**
 * Stored through the inbox's own service (the holder rule, the agent's name, the audit row); the running
 * server tells the customer's open chat through the database (chat_outbox, woken by NOTIFY on Postgres).
 */
async function post(env: OperatorEnv, who: string | undefined, answer: InboxAnswer, print: Print) {
  const room = await roomFor(env, who);
  const id = await said(who, async () =>
    answerConversation({ database: env.database, now: Date.now }, outboxPublish(env.database), await agentOf(env), room.room, answer),
  );
  print(`sent ${answer.type} ${id} to ${room.room}; a running server delivers it to the open chat, else it waits in the history`);
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
    print(
      `${time(r.created_at)}\t${r.session_id.slice(0, 6)}\t${r.sender}${r.agent_name ? ` (${printable(r.agent_name)})` : ''}\t${r.message_type}\t${printable(r.payload)}`,
    );
  // the holder has read them (as the console marks them); anyone else leaves them to the holder
  await readConversation({ database: env.database, now: Date.now }, outboxPublish(env.database), await agentOf(env), room.room);
}

export const chatCommands: CommandSet = {
  help: `  npm run operator -- chat list                 open support conversations: waiting first, unread, who, name, holder, the last message
  npm run operator -- chat show <phone|guestId>  the last 30 messages (the holder's --as marks the customer's read)
  npm run operator -- chat reply <phone|guestId> <text>  answer as --as (their display name shows; taken if nobody holds it); an open chat sees it at once
  npm run operator -- chat buttons <phone|guestId> <json>  {"message":"...","buttons":[{"title":"...","type":"web|call|postback","payload":"..."}]}
  npm run operator -- chat take <phone|guestId> [--take-over] --as <username>   hold the conversation (--take-over: from whoever holds it)
  npm run operator -- chat end <phone|guestId> [closing words]   end the session (after posting the closing words, so the customer sees it ended); the next message opens a new one (and the greeter)
`,
  async run(env, args, print) {
    const [group, action, who, ...rest] = args;
    if (group !== 'chat') return false;
    switch (action) {
      case 'list': {
        const rooms = await openConversations(env.database.db);
        print(`${rooms.length} open conversation(s) (unread, who, name, waiting since, holder, the last message)`);
        for (const r of rooms)
          print(
            [
              r.unread,
              r.who,
              printable(r.name),
              r.waitingSince ?? 'answered',
              r.holder?.username ?? 'nobody',
              `${r.lastMessage.sender}: ${printable(r.lastMessage.text.slice(0, 60))}`,
            ].join('\t'),
          );
        return true;
      }
      case 'show':
        await show(env, who, print);
        return true;
      case 'reply': {
        const text = rest.join(' ');
        if (!text.trim() || text.length > CHAT_TEXT_MAX)
          throw new UsageError(`chat reply needs a text of 1 to ${CHAT_TEXT_MAX} characters`);
        await post(env, who, { type: 'text', message: text }, print);
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
        await post(env, who, { type: 'buttons', ...value }, print);
        return true;
      }
      case 'end': {
        const words = rest.join(' ').trim();
        if (words.length > CHAT_TEXT_MAX) throw new UsageError(`chat end takes closing words of at most ${CHAT_TEXT_MAX} characters`);
        const room = await roomFor(env, who);
        await said(who, async () =>
          endConversation(
            { database: env.database, now: Date.now },
            outboxPublish(env.database),
            await agentOf(env),
            room.room,
            words || undefined,
          ),
        );
        print(`ended session ${room.session_id} of ${room.room}`);
        return true;
      }
      case 'take': {
        const room = await roomFor(env, who);
        const agent = await agentOf(env);
        if (agent.staffId === null) throw new UsageError('chat take needs the staff member who takes it: --as <username>');
        const takeOver = rest.includes('--take-over');
        if (rest.some((r) => r !== '--take-over')) throw new UsageError('chat take <phone|guestId> [--take-over] --as <username>');
        await said(who, () =>
          takeConversation({ database: env.database, now: Date.now }, outboxPublish(env.database), agent, room.room, takeOver),
        );
        print(`${agent.actor.username} holds ${room.room}`);
        return true;
      }
      default:
        throw new UsageError('chat commands: list, show, reply, buttons, end, take');
    }
  },
};
