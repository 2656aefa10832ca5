import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { idempotent } from '../../lib/idempotency.js';
import { Message } from '../../../../contract/message.js';
import { requestManualDeposit } from './manual-service.js';
import { DepositRequestBody, DepositRequestResponse } from '../../../../contract/deposit.js';

/** §7 Wallet: POST /api/wallet/add, a manual deposit request the operator confirms or rejects. */
export const manualDepositRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    '/add',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: DepositRequestBody,
        response: { 200: DepositRequestResponse, 400: Message, 401: Message, 403: Message, 409: Message, 422: Message },
      },
    },
    async (request, reply) => {
      const now = ctx.now();
      const outcome = await idempotent(ctx.database, request, request.memberId, now, async (tx) => {
        const requestId = await requestManualDeposit(
          tx,
          { dialect: ctx.database.dialect, settings: ctx.settings, config: ctx.config },
          request.memberId,
          request.body.amount,
          now,
        );
        return { status: 200, body: { message: 'SUCCESS' as const, requestId } };
      });
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};
