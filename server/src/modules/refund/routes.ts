import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { toMajor } from '../../ledger/money.js';
import { Message } from '../../../../contract/message.js';
import { bannersIn, LangQuery } from '../../settings/localized.js';
import { refreshTurnover } from '../bonus/service.js';
import { Banners, PageBody, RefundCheck, RefundList, RefundMoved } from '../../../../contract/invite.js';
import { refundPage } from './repository.js';
import { claimRefunds, refundCheck, refundToWallet } from './service.js';

/** §7 Refund: the logs, the check, receiving into the refund balance, moving it to the wallet, the banners. */
export const refundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const secured = { tags: ['refund'], security: [{ bearer: [] }] };
  const moving = {
    ...secured,
    headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
    response: { 200: RefundMoved, 400: Message, 401: Message, 409: Message, 422: Message },
  };

  app.post(
    '/',
    { onRequest: app.requireMember, schema: { ...secured, body: PageBody, response: { 200: RefundList, 400: Message, 401: Message } } },
    async (request) => {
      const member = { memberId: request.memberId, currency: request.memberCurrency };
      const { total, rows } = await refundPage(db, request.memberId, request.body.page, request.body.limit);
      return {
        total,
        refunds: rows.map((r) => ({
          refundAmount: toMajor(Number(r.refund_amount), member.currency),
          createdAt: new Date(Number(r.created_at)).toISOString(),
        })),
      };
    },
  );

  app.get(
    '/check',
    {
      onRequest: app.requireMember,
      schema: { ...secured, querystring: LangQuery, response: { 200: RefundCheck, 400: Message, 401: Message } },
    },
    (request) => refundCheck(ctx, request.memberId, request.query.lang ?? 'th'),
  );

  app.get('/receive', { onRequest: app.requireMember, schema: moving }, async (request, reply) => {
    if (!ctx.settings.get('refund').active) throw badRequest('REFUND_INACTIVE');
    // a bonus whose turnover was reached ends first, so it no longer blocks
    await refreshTurnover(ctx, request.memberId);
    const outcome = await idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => ({
      status: 200,
      body: await claimRefunds(ctx, tx, request.memberId),
    }));
    return reply.status(outcome.status as 200).send(outcome.body);
  });

  app.get('/addWallet', { onRequest: app.requireMember, schema: moving }, async (request, reply) => {
    const outcome = await idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => ({
      status: 200,
      body: await refundToWallet(ctx, tx, request.memberId),
    }));
    return reply.status(outcome.status as 200).send(outcome.body);
  });

  app.get(
    '/banners',
    { onRequest: app.requireMember, schema: { ...secured, querystring: LangQuery, response: { 200: Banners, 401: Message } } },
    (request) => bannersIn(ctx.settings.get('refund').banners, request.query.lang ?? 'th'),
  );
};
