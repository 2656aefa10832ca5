import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Message } from '../../../../contract/message.js';
import { UploadResponse } from '../../../../contract/chat.js';
import {
  InboxAnswer,
  InboxEndBody,
  InboxEndedGuests,
  InboxEndGuestsBody,
  InboxList,
  InboxMessagesPage,
  InboxMessagesQuery,
  InboxNext,
  InboxRoomParam,
  InboxSent,
  InboxTakeBody,
  InboxThread,
  InboxThreadQuery,
  InboxTicket,
} from '../../../../contract/staff-inbox.js';
import { ApiError } from '../../lib/errors.js';
import { serialCursor } from '../../lib/id-cursor.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { inLanguage } from '../../settings/localized.js';
import { requireDiskRoom } from '../uploads/service.js';
import { readsStaffReasons, requireStaff } from './session.js';
import {
  answerConversation,
  CHAT_BUCKET,
  contextOf,
  conversationOf,
  endConversation,
  endWaitingGuests,
  fileOf,
  MAX_BYTES,
  messagesOf,
  onlineStaff,
  openConversations,
  readConversation,
  releaseConversation,
  roomOf,
  staffSocketTicket,
  storeChatFile,
  takeConversation,
  takeNext,
  type Agent,
} from '../chat/service.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };
const done = { 200: Message, ...refusals };

/**
 * The support inbox's calls (contract/staff-inbox.ts), inside staffRoutes: every role answers chats. The
 * changes are the services the operator's chat commands use (actions.ts); the open sockets hear of each
 * after it commits (app.chatPublish).
 */
export const inboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const anyRole = requireStaff(app, 'agent', 'finance', 'admin');
  const agent = (request: FastifyRequest): Agent => ({
    actor: { kind: 'staff', username: request.staff!.username },
    ip: request.ip,
    staffId: request.staff!.staffId,
  });
  const ok = { message: 'SUCCESS' };
  await app.register(multipart, { limits: { fileSize: MAX_BYTES.video, files: 1, fields: 5, parts: 6, headerPairs: 100 } });

  app.get('/inbox', { onRequest: anyRole, schema: { response: { 200: InboxList, ...refusals } } }, async () => {
    const support = ctx.settings.get('support');
    return {
      conversations: await openConversations(db),
      unansweredMinutes: support.unansweredMinutes,
      online: await onlineStaff(db, ctx.now()),
      canned: support.canned.map((c) => ({
        title: c.title,
        text: { th: inLanguage(c.text, 'th'), la: inLanguage(c.text, 'la'), en: inLanguage(c.text, 'en') },
      })),
    };
  });

  app.post('/inbox/ticket', { onRequest: anyRole, schema: { response: { 200: InboxTicket, ...refusals } } }, async (request) => ({
    ticket: staffSocketTicket(ctx, request.staff!.sessionId),
  }));

  app.post('/inbox/next', { onRequest: anyRole, schema: { response: { 200: InboxNext, ...refusals } } }, async (request) => {
    const room = await takeNext(ctx, app.chatPublish, agent(request));
    if (!room) throw new ApiError(404, 'NO_DATA');
    return { room };
  });

  app.get(
    '/inbox/:room',
    { onRequest: anyRole, schema: { params: InboxRoomParam, querystring: InboxThreadQuery, response: { 200: InboxThread, ...refusals } } },
    async (request) => {
      const { room } = request.params;
      const { summary, open } = await conversationOf(db, room);
      const row = (await roomOf(db, room))!;
      const { from } = request.query;
      const { messages, more } = await messagesOf(db, room, { from: from === undefined ? undefined : serialCursor(from) });
      return { conversation: summary, open, messages, more, context: await contextOf(db, row, readsStaffReasons(request)) };
    },
  );

  app.get(
    '/inbox/:room/messages',
    {
      onRequest: anyRole,
      schema: { params: InboxRoomParam, querystring: InboxMessagesQuery, response: { 200: InboxMessagesPage, ...refusals } },
    },
    async (request) => {
      if (!(await roomOf(db, request.params.room))) throw new ApiError(404, 'NO_DATA');
      return messagesOf(db, request.params.room, { before: serialCursor(request.query.before) });
    },
  );

  app.post(
    '/inbox/:room/take',
    { onRequest: anyRole, schema: { params: InboxRoomParam, body: InboxTakeBody, response: done } },
    async (request) => {
      await takeConversation(ctx, app.chatPublish, agent(request), request.params.room, request.body.takeOver === true);
      return ok;
    },
  );

  app.post('/inbox/:room/release', { onRequest: anyRole, schema: { params: InboxRoomParam, response: done } }, async (request) => {
    await releaseConversation(ctx, app.chatPublish, agent(request), request.params.room);
    return ok;
  });

  app.post(
    '/inbox/:room/messages',
    { onRequest: anyRole, schema: { params: InboxRoomParam, body: InboxAnswer, response: { 200: InboxSent, ...refusals } } },
    async (request) => {
      await ctx.limiter.hit([[`chat:staff-send:${request.staff!.staffId}`, LIMITS.chatSendRoom]]);
      return { id: await answerConversation(ctx, app.chatPublish, agent(request), request.params.room, request.body) };
    },
  );

  app.post(
    '/inbox/end-waiting-guests',
    { onRequest: anyRole, schema: { body: InboxEndGuestsBody, response: { 200: InboxEndedGuests, ...refusals } } },
    async (request) => ({
      ended: await endWaitingGuests(ctx, app.chatPublish, agent(request), request.body.rooms, request.body.closingWords),
    }),
  );

  app.post(
    '/inbox/:room/end',
    { onRequest: anyRole, schema: { params: InboxRoomParam, body: InboxEndBody, response: done } },
    async (request) => {
      await endConversation(ctx, app.chatPublish, agent(request), request.params.room, request.body.closingWords);
      return ok;
    },
  );

  app.post('/inbox/:room/read', { onRequest: anyRole, schema: { params: InboxRoomParam, response: done } }, async (request) => {
    await readConversation(ctx, app.chatPublish, agent(request), request.params.room);
    return ok;
  });

  for (const kind of ['image', 'video'] as const)
    app.post(
      `/inbox/upload-${kind}`,
      { onRequest: anyRole, schema: { response: { 200: UploadResponse, ...refusals, 413: Message, 415: Message, 503: Message } } },
      async (request) => {
        await ctx.limiter.hit([[`chat:upload:staff:${request.staff!.staffId}`, LIMITS.chatUploadGuestAddress]]);
        await requireDiskRoom(ctx);
        const name = await storeChatFile(ctx, await fileOf(request, kind), kind);
        return { path: `/files/${CHAT_BUCKET}/${name}` };
      },
    );
};
