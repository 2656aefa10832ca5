import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../lib/errors.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { Message } from '../../../../contract/message.js';
import { customerOfRequest, requireChatOn } from './identity.js';
import { countUnread, historyPage, markRead, messageByClientId, roomOf } from './repository.js';
import {
  ChatConfigResponse,
  HistoryBody,
  HistoryResponse,
  ReadBody,
  ReadResponse,
  SendMessageBody,
  SendMessageResponse,
  UnreadResponse,
} from '../../../../contract/chat.js';
import { sendMessage } from './service.js';
import { toWire } from './wire.js';
import { addressOf } from '../../lib/address.js';
import { serialCursor } from '../../lib/id-cursor.js';

const WHO =
  'A signed-in member (bearer token) always gets their own conversation, whatever userId says; without a token, ' +
  'the guest of guestId. A wrong token is 401 invalid-token; a userId without a token too.';
const errors = { 400: Message, 401: Message, 403: Message, 422: Message, 429: Message };

/** §7 Chat: the config, sending, history and read marks. The socket side is realtime.ts. */
export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;

  app.get(
    '/config',
    {
      schema: {
        tags: ['chat'],
        description: 'Answers only while the chat backend (setting chat.enabled) is on; else 404 NO_DATA.',
        response: { 200: ChatConfigResponse, 404: Message },
      },
    },
    async () => {
      if (!ctx.settings.get('chat').enabled) throw new ApiError(404, 'NO_DATA');
      return { PREFIX: ctx.config.publicUrl };
    },
  );

  app.post(
    '/send-message',
    {
      schema: {
        tags: ['chat'],
        description: `${WHO} Stored and delivered once per clientMessageId in a room. Text: not blank (CHAT_EMPTY), at most 2000 characters (CHAT_TOO_LONG).`,
        body: SendMessageBody,
        response: { 200: SendMessageResponse, ...errors },
      },
    },
    async (request) => {
      requireChatOn(ctx);
      const customer = await customerOfRequest(ctx, request, request.body);
      // 429 before anything is stored: the site's outbox keeps the message and tries again later; a repeat
      // of a stored message (a retry after a lost answer) is answered without counting
      const repeat = await messageByClientId(db, customer.room, request.body.clientMessageId);
      if (!repeat) {
        const guest = customer.memberId === null;
        const address = addressOf(request);
        // a guest's message that opens a conversation (none yet, or the last one ended) counts as one more
        // conversation of its address, shared by every instance (the limiter's counts are rows)
        const room = guest ? await roomOf(db, customer.room) : undefined;
        const opens = guest && (!room || room.ended_at !== null);
        await ctx.limiter.hit([
          [`chat:send:${customer.room}`, LIMITS.chatSendRoom],
          ...(guest ? [[`chat:send:ip:${address}`, LIMITS.chatSendGuestAddress] as const] : []),
          ...(opens
            ? ([
                [`chat:open:minute:${address}`, LIMITS.chatOpenGuestMinute],
                [`chat:open:hour:${address}`, LIMITS.chatOpenGuestHour],
              ] as const)
            : []),
        ]);
      }
      return sendMessage(ctx, app.chatDeliver, customer, request.body);
    },
  );

  app.post(
    '/history',
    {
      schema: {
        tags: ['chat'],
        description: `${WHO} Newest first, 10 a page unless limit says; before (a message _id) gives only older ones.`,
        body: HistoryBody,
        response: { 200: HistoryResponse, ...errors },
      },
    },
    async (request) => {
      requireChatOn(ctx);
      const customer = await customerOfRequest(ctx, request, request.body);
      const room = await roomOf(db, customer.room);
      if (!room) return { total: 0, messages: [] };
      const { limit = 10, skip = 0, before } = request.body;
      const { total, rows } = await historyPage(db, customer.room, limit, skip, before === undefined ? undefined : serialCursor(before));
      return { total, messages: rows.map((r) => toWire(r, room)) };
    },
  );

  app.put(
    '/read-customer/',
    {
      schema: {
        tags: ['chat'],
        description: `${WHO} Marks the conversation's agent and greeter messages read.`,
        body: ReadBody,
        response: { 200: ReadResponse, ...errors },
      },
    },
    async (request) => {
      requireChatOn(ctx);
      const customer = await customerOfRequest(ctx, request, request.body);
      const read = await markRead(db, customer.room, ['agent', 'bot'], ctx.now());
      // the agents see their replies read
      if (read) app.chatSockets.inbox({ kind: 'read', room: customer.room });
      return { read };
    },
  );

  app.post(
    '/unread',
    {
      schema: {
        tags: ['chat'],
        description: `${WHO} How many agent and greeter messages the customer has not read: the site marks its menu and chat button with it while the chat is closed.`,
        body: ReadBody,
        response: { 200: UnreadResponse, ...errors },
      },
    },
    async (request) => {
      requireChatOn(ctx);
      const customer = await customerOfRequest(ctx, request, request.body);
      return { unread: await countUnread(db, customer.room, ['agent', 'bot']) };
    },
  );
};
