import { Type, type Static } from 'typebox';
import { ChatButton } from './chat.js';
import { CHAT_TEXT_MAX } from './limits.js';
import { Nullable } from './nullable.js';
import { WithdrawReasonSchema } from './statement.js';

/**
 * The staff console's support inbox (issue 24): every role answers chats. Sessions, CSRF and the refusals of
 * contract/staff.ts hold for every call. Live over socket.io (`staff-join` with a ticket, then `inbox`
 * events); the calls below are the record, an event only says what to ask again.
 */

/** A conversation's key: `member:<id>` or `guest:<guest id>` (as the chat's rooms are named). */
export const ROOM_PATTERN = '^(member:[0-9]{1,9}|guest:[A-Za-z0-9_-]{16,64})$';
export const InboxRoomParam = Type.Object({ room: Type.String({ pattern: ROOM_PATTERN }) });

/** A staff member as a conversation names them: who holds it, who wrote a reply. */
export const InboxStaff = Type.Object({ id: Type.Integer(), username: Type.String(), displayName: Type.String() });
export type InboxStaff = Static<typeof InboxStaff>;

/** One open conversation in the inbox. */
export const InboxConversation = Type.Object({
  room: Type.String(),
  kind: Type.Union([Type.Literal('member'), Type.Literal('guest')]),
  /** The member's id, for the member page; null for a guest. */
  memberId: Nullable(Type.Integer()),
  name: Type.String(),
  /** The member's phone, or the guest's id. */
  who: Type.String(),
  lang: Nullable(Type.String()),
  /** The last message of the customer or an agent (the greeter's are left out). */
  lastMessage: Type.Object({
    sender: Type.Union([Type.Literal('customer'), Type.Literal('agent'), Type.Literal('bot')]),
    text: Type.String(),
    at: Type.String({ format: 'date-time' }),
  }),
  /** Customer messages the holder has not read. */
  unread: Type.Integer(),
  /** When the oldest customer message no agent answered came; null: answered. */
  waitingSince: Nullable(Type.String({ format: 'date-time' })),
  holder: Nullable(InboxStaff),
});
export type InboxConversation = Static<typeof InboxConversation>;

/** A canned reply of the setting `support`: its title, and its words per language (the conversation's is used). */
export const CannedReply = Type.Object({
  title: Type.String(),
  text: Type.Object({ th: Type.String(), la: Type.String(), en: Type.String() }),
});
export type CannedReply = Static<typeof CannedReply>;

/**
 * GET /api/staff/inbox: the open conversations, those waiting for an answer first (longest wait first),
 * then the others (latest message first); at most 200. `unansweredMinutes` (setting `support`) is when a
 * waiting one turns red; `online` the staff with the inbox open now; `canned` the composer's canned replies.
 */
export const InboxList = Type.Object({
  conversations: Type.Array(InboxConversation),
  unansweredMinutes: Type.Integer(),
  online: Type.Array(InboxStaff),
  canned: Type.Array(CannedReply),
});
export type InboxList = Static<typeof InboxList>;

/** One message of a conversation as the console shows it. */
export const InboxMessage = Type.Object({
  id: Type.Integer(),
  sender: Type.Union([Type.Literal('customer'), Type.Literal('agent'), Type.Literal('bot')]),
  type: Type.String({ description: 'text, media, postback, buttons, quick_replies, generic, end' }),
  payload: Type.Unknown(),
  /** An agent's message: the display name the customer saw. */
  agentName: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  /** The customer's messages: an agent read it; support's: the customer read it (when, or null). */
  readAt: Nullable(Type.String({ format: 'date-time' })),
  session: Type.String(),
});
export type InboxMessage = Static<typeof InboxMessage>;

/** Beside a member's conversation: who they are and where their money stands. Amounts in the member's currency. */
export const InboxMemberContext = Type.Object({
  kind: Type.Literal('member'),
  id: Type.Integer(),
  phone: Type.String(),
  name: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  wallet: Type.Number(),
  games: Type.Number(),
  deposits: Type.Array(Type.Object({ what: Type.String(), amount: Type.Number(), status: Type.String(), at: Type.String() })),
  /** a rejected one with what its member was told of why and the person's own reason (the member page's, in short) */
  withdrawals: Type.Array(
    Type.Object({
      amount: Type.Number(),
      status: Type.String(),
      at: Type.String(),
      rejectReason: Nullable(WithdrawReasonSchema),
      staffReason: Nullable(Type.String()),
    }),
  ),
  openSlips: Type.Array(Type.Object({ reference: Type.String(), status: Type.String(), amount: Type.Number(), at: Type.String() })),
  bonus: Nullable(Type.Object({ name: Type.String(), turnoverLeft: Type.Number() })),
});
/** Beside a guest's conversation: the pages of the site they wrote from (newest last) and their language. */
export const InboxGuestContext = Type.Object({
  kind: Type.Literal('guest'),
  guestId: Type.String(),
  lang: Nullable(Type.String()),
  pages: Type.Array(Type.String()),
  firstMessageAt: Type.String({ format: 'date-time' }),
});
export const InboxContext = Type.Union([InboxMemberContext, InboxGuestContext]);
export type InboxContext = Static<typeof InboxContext>;

/**
 * GET /api/staff/inbox/{room}?from=: the conversation (open or ended), its messages oldest first (the latest
 * 50, or with `from` every one from that message id on, at most 500: the console asks so once it loaded
 * earlier pages, and nothing between them and the newest drops out), `more` when older ones exist (GET
 * .../messages?before=<id>), and the customer's context. 404 NO_DATA.
 */
export const InboxThreadQuery = Type.Object({ from: Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$' })) });
export const InboxThread = Type.Object({
  conversation: InboxConversation,
  open: Type.Boolean(),
  messages: Type.Array(InboxMessage),
  more: Type.Boolean(),
  context: InboxContext,
});
export type InboxThread = Static<typeof InboxThread>;
export const InboxMessagesQuery = Type.Object({ before: Type.String({ pattern: '^[0-9]{1,12}$' }) });
export const InboxMessagesPage = Type.Object({ messages: Type.Array(InboxMessage), more: Type.Boolean() });
export type InboxMessagesPage = Static<typeof InboxMessagesPage>;

/**
 * POST /api/staff/inbox/{room}/take {takeOver?}: the caller holds the conversation. Nobody holds it: taken.
 * Another holds it: 409 CHAT_HELD (nothing changes) unless `takeOver` is true, which takes it from them,
 * said in the audit trail (chat.take-over, the holder before). Two agents taking it at once: one wins,
 * the other gets 409 CHAT_HELD. POST .../release: the holder lets it go (409 CHAT_NOT_HOLDER otherwise).
 */
export const InboxTakeBody = Type.Object({ takeOver: Type.Optional(Type.Boolean()) });
export type InboxTakeBody = Static<typeof InboxTakeBody>;
/** POST /api/staff/inbox/next: takes the conversation waiting longest that nobody holds; 404 NO_DATA when none waits. */
export const InboxNext = Type.Object({ room: Type.String() });

/** Words of an answer: the schema takes more than CHAT_TEXT_MAX so the server can say CHAT_TOO_LONG. */
const Words = Type.String({ maxLength: CHAT_TEXT_MAX * 4 });

/**
 * POST /api/staff/inbox/{room}/messages: an answer, only from the holder (a conversation nobody holds is
 * taken by it; one another holds is 409 CHAT_HELD and nothing is sent). `type` says which fields it takes:
 * text (`message`), buttons (`message` and 1 to 3 `buttons`; a web button's payload an http(s) address),
 * quick_replies (`message` and 1 to 10 `replies`), or media (`fileType` image or video and `filePath`
 * from POST /api/staff/inbox/upload-image|upload-video, the chat's limits: 10 and 20 MB; `message` and
 * `name` optional). Words not blank (CHAT_EMPTY) and at most 2000 characters (CHAT_TOO_LONG); a field
 * the type needs missing: KEY_MISSING. The customer's open chat gets it at once, on any instance;
 * otherwise it waits in the history. 409 CHAT_ENDED when the conversation has ended.
 */
export const InboxAnswer = Type.Object(
  {
    type: Type.Union([Type.Literal('text'), Type.Literal('buttons'), Type.Literal('quick_replies'), Type.Literal('media')]),
    message: Type.Optional(Words),
    buttons: Type.Optional(
      Type.Array(
        Type.Object(
          {
            title: Type.String({ minLength: 1, maxLength: 100 }),
            type: ChatButton.properties.type,
            payload: Type.String({ minLength: 1, maxLength: 500 }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 3 },
      ),
    ),
    replies: Type.Optional(
      Type.Array(
        Type.Object(
          { title: Type.String({ minLength: 1, maxLength: 100 }), payload: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 10 },
      ),
    ),
    fileType: Type.Optional(Type.Union([Type.Literal('image'), Type.Literal('video')])),
    filePath: Type.Optional(Type.String({ pattern: '^/files/chat/[A-Za-z0-9_-]{16,100}$' })),
    name: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type InboxAnswer = Static<typeof InboxAnswer>;
export const InboxSent = Type.Object({ id: Type.Integer() });

/**
 * POST /api/staff/inbox/{room}/end {closingWords?}: the holder (or, for nobody's, anyone) ends the
 * conversation: the closing words are sent first, then the end marker the customer's chat shows; the
 * customer's next message opens a new conversation. Audited as chat.end.
 */
export const InboxEndBody = Type.Object({ closingWords: Type.Optional(Words) });
export type InboxEndBody = Static<typeof InboxEndBody>;

/**
 * POST /api/staff/inbox/end-waiting-guests {rooms, closingWords?}: ends at once the guest conversations
 * among `rooms` (those the agent sees waiting, at most 200) that still wait for an answer and nobody holds;
 * a member's, an answered, a taken or an ended one is left as it is. Each end is audited as chat.end.
 */
/** How many conversations one bulk end takes at most. */
export const INBOX_BULK_END_MAX = 200;
export const InboxEndGuestsBody = Type.Object({
  rooms: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: INBOX_BULK_END_MAX }),
  closingWords: Type.Optional(Words),
});
export type InboxEndGuestsBody = Static<typeof InboxEndGuestsBody>;
export const InboxEndedGuests = Type.Object({ ended: Type.Integer() });
export type InboxEndedGuests = Static<typeof InboxEndedGuests>;

/** POST /api/staff/inbox/{room}/read: the holder has read the customer's messages (the unread count drops). */

/** POST /api/staff/inbox/ticket: a one-minute ticket for the console's socket (`staff-join` {ticket}): the session cookie never reaches /socket.io. */
export const InboxTicket = Type.Object({ ticket: Type.String() });

/** The socket.io events of the console: join, and what it is told. */
export const STAFF_JOIN = 'staff-join';
export const INBOX_EVENT = 'inbox';
/**
 * An inbox event: what changed in which conversation, so the console asks again what it shows.
 * `message`: a new message (a customer's carries its first words, for the alert); `assigned`: the holder
 * changed; `read`: the customer read support's messages; `seen`: the holder read the customer's; `ended`:
 * the conversation ended; `presence`: who is online changed.
 */
export type InboxEvent =
  | { kind: 'message'; room: string; sender: 'customer' | 'agent' | 'bot'; text: string; name: string }
  | { kind: 'assigned' | 'read' | 'seen' | 'ended'; room: string }
  | { kind: 'presence' };
