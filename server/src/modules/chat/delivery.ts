import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Message } from '../../../../contract/message.js';
import { roomOf } from './repository.js';
import { toWire } from './wire.js';

/**
 * The operator's replies are written to the database by the operator process; this endpoint asks the
 * running server to deliver them to the open sockets. Signed with a key derived from the server's secret
 * key (GAME_SECRET_KEY or its key file, purpose 'chat-deliver'), valid for a minute.
 */
export const DELIVER_PATH = '/internal/chat/deliver';
export const SIGNATURE_HEADER = 'x-chat-signature';
const MAX_SKEW_MS = 60_000;

export const deliverySignature = (key: Buffer, at: number, ids: number[]) =>
  createHmac('sha256', key)
    .update(`${at}\n${ids.join(',')}`)
    .digest('base64url');

export const DeliverBody = Type.Object({
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
      const { at, ids } = request.body;
      const expected = Buffer.from(deliverySignature(ctx.chatKey, at, ids));
      const given = Buffer.from(request.headers[SIGNATURE_HEADER]);
      if (Math.abs(ctx.now() - at) > MAX_SKEW_MS || given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.status(403).send({ message: 'invalid-token' });
      const rows = await ctx.database.db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).orderBy('id').execute();
      for (const row of rows) {
        const room = await roomOf(ctx.database.db, row.room);
        if (room) app.chatDeliver(row.room, toWire(row, room));
      }
      return { delivered: rows.length };
    },
  );
};
