import { Type, type Static } from 'typebox';
import { Nullable } from './nullable.js';

/**
 * The support chat (§3 Chat payloads, §7 chat calls): what a customer sends, the messages history and
 * the `messaging` event give, and the kinds of message support sends. The site imports these types only.
 */

/** A guest's id, made by the site and kept in its storage: long enough that nobody guesses another's. */
export const GUEST_ID = '^[A-Za-z0-9_-]{16,64}$';
/** The site's id of one message, reused when it is sent again (retry, reconnect, outbox). */
export const CLIENT_MESSAGE_ID = '^[A-Za-z0-9_-]{8,100}$';

export const ChatButton = Type.Object({
  title: Type.String(),
  type: Type.Union([Type.Literal('web'), Type.Literal('call'), Type.Literal('postback')]),
  payload: Type.String(),
});
export type ChatButton = Static<typeof ChatButton>;
export const QuickReply = Type.Object({ title: Type.String(), payload: Type.String() });
export type QuickReply = Static<typeof QuickReply>;
export const GenericElement = Type.Object({
  image_url: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  buttons: Type.Array(ChatButton),
});
export type GenericElement = Static<typeof GenericElement>;
export const Deliver = Type.Object({
  id: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  progress: Type.Optional(Type.Number()),
});

/** A picture, clip or file: sent by a customer after its upload, shown from `filePath`. */
export const MediaPayload = Type.Object({
  message: Type.Optional(Type.String()),
  url: Type.Optional(Type.Boolean()),
  fileType: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('file')]),
  filePath: Type.String({ description: 'a path answered by upload-image or upload-video' }),
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type MediaPayload = Static<typeof MediaPayload>;

/** What a customer may send: text, an uploaded file (media), or a tap on a postback button or quick reply. */
export const CustomerMessage = Type.Union([
  Type.Object({ message_type: Type.Literal('text'), payload: Type.Object({ message: Type.String() }), deliver: Type.Optional(Deliver) }),
  Type.Object({ message_type: Type.Literal('media'), payload: MediaPayload, deliver: Type.Optional(Deliver) }),
  Type.Object({
    message_type: Type.Literal('postback'),
    payload: Type.Object({ message: Type.String(), payload: Type.String({ maxLength: 500 }) }),
    deliver: Type.Optional(Deliver),
  }),
]);
export type CustomerMessage = Static<typeof CustomerMessage>;

/**
 * What support (an agent or the greeter) sends besides text: buttons (web, call, postback), quick
 * replies and a carousel (`generic`, whose cards history gives as `payloads`).
 */
export const SupportMessage = Type.Union([
  Type.Object({ message_type: Type.Literal('text'), payload: Type.Object({ message: Type.String() }) }),
  Type.Object({ message_type: Type.Literal('buttons'), payload: Type.Object({ message: Type.String(), buttons: Type.Array(ChatButton) }) }),
  Type.Object({
    message_type: Type.Literal('quick_replies'),
    payload: Type.Object({ message: Type.String(), quick_replies: Type.Array(QuickReply) }),
  }),
  Type.Object({ message_type: Type.Literal('generic'), payload: Type.Array(GenericElement) }),
]);
export type SupportMessage = Static<typeof SupportMessage>;
/** Every kind of §3: the site shows a message of any other kind as unknown. */
export type ChatMessageKind = CustomerMessage['message_type'] | SupportMessage['message_type'];

/** §3 Chat conversation package, as the site sends it, plus the client's message id and its language. */
export const SendMessageBody = Type.Object({
  sender: Type.Literal('customer'),
  message: CustomerMessage,
  clientMessageId: Type.String({ pattern: CLIENT_MESSAGE_ID }),
  userId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  guestId: Type.Optional(Nullable(Type.String({ pattern: GUEST_ID }))),
  username: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  deviceToken: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  createdAt: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  session_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  lang: Type.Optional(Type.Union([Type.Literal('th'), Type.Literal('la'), Type.Literal('en')], { default: 'th' })),
  /** The site's page the customer writes from (its path): what the agent sees beside a guest's conversation. */
  page: Type.Optional(Type.String({ maxLength: 200, pattern: '^/[A-Za-z0-9/_.-]*$' })),
});
export type SendMessageBody = Static<typeof SendMessageBody>;
export const SendMessageResponse = Type.Object({ timestamp: Type.Number({ description: 'when the message was stored, epoch ms' }) });
export type SendMessageResponse = Static<typeof SendMessageResponse>;

/** Whose conversation: the bearer token's member, else the guest id; both keys are sent, one may be null. */
const Whose = {
  userId: Nullable(Type.String({ maxLength: 64 })),
  guestId: Nullable(Type.String({ pattern: GUEST_ID })),
};
export const HistoryBody = Type.Object({
  ...Whose,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'a message _id: only older messages (paging by cursor)' })),
});
export type HistoryBody = Static<typeof HistoryBody>;
export const ReadBody = Type.Object(Whose);
export type ReadBody = Static<typeof ReadBody>;
export const ReadResponse = Type.Object({ read: Type.Integer({ description: 'agent messages newly marked read' }) });
export type ReadResponse = Static<typeof ReadResponse>;
export const UnreadResponse = Type.Object({ unread: Type.Integer({ description: 'agent and greeter messages not read yet' }) });
export type UnreadResponse = Static<typeof UnreadResponse>;

/** One message as history and the `messaging` event give it (§3 Chat conversation). */
export const ChatMessage = Type.Object({
  _id: Type.String(),
  clientMessageId: Nullable(Type.String()),
  sender: Type.Union([Type.Literal('customer'), Type.Literal('agent'), Type.Literal('bot')]),
  message: Type.Object({
    message_type: Type.String({
      description: 'text, media, postback, buttons, quick_replies, generic; end: support ended the conversation here (issue 24)',
    }),
    payload: Type.Optional(Type.Unknown()),
    payloads: Type.Optional(Type.Array(GenericElement)),
    deliver: Type.Optional(Deliver),
  }),
  userId: Nullable(Type.String()),
  guestId: Nullable(Type.String()),
  username: Type.String(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  session_id: Type.String(),
  read: Type.Boolean(),
  /** An agent's message: the name of the agent who wrote it, shown above it (issue 24); null otherwise. */
  agentName: Type.Optional(Nullable(Type.String())),
});
export type ChatMessage = Static<typeof ChatMessage>;
export const HistoryResponse = Type.Object({ total: Type.Integer(), messages: Type.Array(ChatMessage) });
export type HistoryResponse = Static<typeof HistoryResponse>;
export const ChatConfigResponse = Type.Object({ PREFIX: Type.String({ description: 'put before a media filePath to open it' }) });
export type ChatConfigResponse = Static<typeof ChatConfigResponse>;
export const UploadResponse = Type.Object({ path: Type.String() });
export type UploadResponse = Static<typeof UploadResponse>;
