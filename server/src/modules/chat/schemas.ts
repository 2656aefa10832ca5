import { Type, type Static } from 'typebox';

/** A guest's id, made by the site and kept in its storage: long enough that nobody guesses another's. */
export const GUEST_ID = '^[A-Za-z0-9_-]{16,64}$';
/** The site's id of one message, reused when it is sent again (retry, reconnect, outbox). */
export const CLIENT_MESSAGE_ID = '^[A-Za-z0-9_-]{8,100}$';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ChatButton = Type.Object({
  title: Type.String(),
  type: Type.Union([Type.Literal('web'), Type.Literal('call'), Type.Literal('postback')]),
  payload: Type.String(),
});
export const GenericElement = Type.Object({
  image_url: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  buttons: Type.Array(ChatButton),
});
export const Deliver = Type.Object({
  id: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  progress: Type.Optional(Type.Number()),
});

/** What a customer may send: text, an uploaded file (media), or a tap on a postback button or quick reply. */
export const CustomerMessage = Type.Union([
  Type.Object({ message_type: Type.Literal('text'), payload: Type.Object({ message: Type.String() }), deliver: Type.Optional(Deliver) }),
  Type.Object({
    message_type: Type.Literal('media'),
    payload: Type.Object({
      message: Type.Optional(Type.String()),
      url: Type.Optional(Type.Boolean()),
      fileType: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('file')]),
      filePath: Type.String({ description: 'a path answered by upload-image or upload-video' }),
      name: Type.Optional(Type.String({ maxLength: 255 })),
    }),
    deliver: Type.Optional(Deliver),
  }),
  Type.Object({
    message_type: Type.Literal('postback'),
    payload: Type.Object({ message: Type.String(), payload: Type.String({ maxLength: 500 }) }),
    deliver: Type.Optional(Deliver),
  }),
]);
export type CustomerMessage = Static<typeof CustomerMessage>;

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
});
export type SendMessageBody = Static<typeof SendMessageBody>;
export const SendMessageResponse = Type.Object({ timestamp: Type.Number({ description: 'when the message was stored, epoch ms' }) });

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
export const ReadBody = Type.Object(Whose);
export const ReadResponse = Type.Object({ read: Type.Integer({ description: 'agent messages newly marked read' }) });
export const UnreadResponse = Type.Object({ unread: Type.Integer({ description: 'agent and greeter messages not read yet' }) });

/** One message as history and the `messaging` event give it (§3 Chat conversation). */
export const ChatMessage = Type.Object({
  _id: Type.String(),
  clientMessageId: Nullable(Type.String()),
  sender: Type.Union([Type.Literal('customer'), Type.Literal('agent'), Type.Literal('bot')]),
  message: Type.Object({
    message_type: Type.String({ description: 'text, media, postback, buttons, quick_replies, generic' }),
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
});
export type ChatMessage = Static<typeof ChatMessage>;
export const HistoryResponse = Type.Object({ total: Type.Integer(), messages: Type.Array(ChatMessage) });
export const ChatConfigResponse = Type.Object({ PREFIX: Type.String({ description: 'put before a media filePath to open it' }) });
export const UploadResponse = Type.Object({ path: Type.String() });
