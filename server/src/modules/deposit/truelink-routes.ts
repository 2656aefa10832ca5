import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { keyOf } from '../../lib/idempotency.js';
import { Message } from '../../../../contract/message.js';
import { TruelinkBody, TruelinkResponse } from '../../../../contract/deposit.js';
import { redeemGiftLink } from './truelink-service.js';

/** §7 Wallet: POST /api/wallet/truelink, a gift voucher link. */
export const truelinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    '/truelink',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: TruelinkBody,
        response: { 200: TruelinkResponse, 400: Message, 401: Message, 403: Message, 409: Message, 422: Message, 503: Message },
      },
    },
    async (request, reply) => {
      const outcome = await redeemGiftLink(ctx, request.memberId, request.body.link, keyOf(request, request.memberId));
      return reply.status(outcome.status as 200).send(outcome.body as { message: 'SUCCESS'; amount: number });
    },
  );
};
