import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../../../../contract/message.js';
import { internalSignatureValid, type InternalRoute } from '../../lib/internal-post.js';
import { roomOf } from './repository.js';
import { toWire } from './wire.js';

/**
 * The operator's replies are written to the database by the operator process; this endpoint asks the
 * running server to deliver them to the open sockets, signed as every internal post is (lib/internal-post.ts).
 */
export const DELIVER_PATH = '/internal/chat/deliver';
export const SIGNATURE_HEADER = 'x-chat-signature';

export const CHAT_DELIVERY: InternalRoute<{ at: number; ids: number[] }> = {
  path: DELIVER_PATH,
  header: SIGNATURE_HEADER,
  text: ({ at, ids }) => `${at}\n${ids.join(',')}`,
};

const DeliverBody = Type.Object({
  at: Type.Integer({ minimum: 0 }),
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 50 }),
});

export const chatDeliveryRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    DELIVER_PATH,
    {
      schema: {
        hide: true,
        body: DeliverBody,
        headers: Type.Object({ [SIGNATURE_HEADER]: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Object({ delivered: Type.Integer() }), 400: Message, 403: Message },
      },
    },
    async (request, reply) => {
      if (!internalSignatureValid(ctx.chatKey, CHAT_DELIVERY, request.body, request.headers[SIGNATURE_HEADER], ctx.now()))
        return reply.status(403).send({ message: 'invalid-token' });
      const { ids } = request.body;
      const rows = await ctx.database.db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).orderBy('id').execute();
      for (const row of rows) {
        const room = await roomOf(ctx.database.db, row.room);
        if (room) app.chatDeliver(row.room, toWire(row, room));
      }
      return { delivered: rows.length };
    },
  );
};
