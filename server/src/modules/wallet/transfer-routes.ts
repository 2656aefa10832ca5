import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../lib/errors.js';
import { keyOf } from '../../lib/idempotency.js';
import { toMinor } from '../../ledger/money.js';
import { Message } from '../../../../contract/message.js';
import { transferPairRule, WALLET } from '../../../../contract/wallet-rules.js';
import { TransferAllBody, TransferBody } from '../../../../contract/wallet.js';
import { gameOr404 } from '../games/service.js';
import { transfer, transferAllBack, transferAllIn } from './transfers.js';

const secured = { security: [{ bearer: [] }], tags: ['wallet'] };
const errors = { 400: Message, 401: Message, 409: Message, 422: Message };

/** §7 transfers between the wallet and a game (transfers.ts), one or all. */
export const transferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/transfer',
    { onRequest: app.requireMember, schema: { ...secured, body: TransferBody, response: { 200: Message, ...errors } } },
    async (request, reply) => {
      const { from, to, amount } = request.body;
      const pair = transferPairRule(from, to);
      if (pair) throw badRequest(pair);
      const provider = gameOr404(from === WALLET ? to : from).code;
      const currency = request.memberCurrency;
      const direction = from === WALLET ? 'in' : 'out';
      const outcome = await transfer(ctx, {
        memberId: request.memberId,
        provider,
        direction,
        amount: toMinor(amount, currency),
        key: keyOf(request, request.memberId),
      });
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );

  app.post(
    '/transferAll',
    { onRequest: app.requireMember, schema: { ...secured, body: TransferAllBody, response: { 200: Message, ...errors } } },
    async (request, reply) => {
      const { to } = request.body;
      const key = keyOf(request, request.memberId);
      const outcome =
        to === WALLET
          ? await transferAllBack(ctx, request.memberId, key)
          : await transferAllIn(ctx, request.memberId, gameOr404(to).code, key);
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};
