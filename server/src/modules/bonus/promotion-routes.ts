import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import { toMajor } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { inLanguage, type LocalizedText } from '../../settings/registry.js';
import { activateOffer, codeOf } from './activation.js';
import { Message } from '../account/schemas.js';
import { offeredPromotion } from './repository.js';
import { Activated, CodeParam, LangQuery, PromotionCurrent, PromotionFound } from './schemas.js';
import { refreshTurnover, turnoverView } from './service.js';

/**
 * §7 Promotion. A promotion code gives bonus money like a bonus (same turnover rule, one active at a
 * time), once per member. Receiving refuses, in this order: NO_PROMOTION, PROMOTION_RECEIVED,
 * BONUS_ALREADY_ACTIVE, PROMOTION_FULL (its total uses are taken), BONUS_CONDITION.
 */
export const promotionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const secured = { tags: ['promotion'], security: [{ bearer: [] }] };

  app.get(
    '/find/:code',
    {
      onRequest: app.requireMember,
      schema: { ...secured, params: CodeParam, querystring: LangQuery, response: { 200: PromotionFound, 401: Message, 404: Message } },
    },
    async (request) => {
      const code = codeOf(request.params.code);
      const promotion = code && (await offeredPromotion(db, code));
      if (!promotion) throw new ApiError(404, 'NO_PROMOTION');
      return {
        code: promotion.code,
        percentFail: Number(promotion.percent_fail),
        description: inLanguage(JSON.parse(promotion.description) as LocalizedText, request.query.lang ?? 'th'),
      };
    },
  );

  app.get(
    '/activate/:code',
    {
      onRequest: app.requireMember,
      schema: {
        ...secured,
        params: CodeParam,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        response: { 200: Activated, 400: Message, 401: Message, 404: Message, 409: Message, 422: Message },
      },
    },
    async (request, reply) => {
      const outcome = await activateOffer(ctx, request, 'promotion', request.params.code);
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );

  app.get(
    '/current',
    { onRequest: app.requireMember, schema: { ...secured, querystring: LangQuery, response: { 200: PromotionCurrent, 401: Message } } },
    async (request) => {
      const reward = await refreshTurnover(ctx, request.memberId);
      if (!reward?.promotion_code) return { promotion: null };
      const promotion = await db.selectFrom('promotions').selectAll().where('code', '=', reward.promotion_code).executeTakeFirstOrThrow();
      const member = await memberMoney(db, request.memberId);
      return {
        promotion: {
          code: promotion.code,
          description: inLanguage(JSON.parse(promotion.description) as LocalizedText, request.query.lang ?? 'th'),
          percentFail: Number(reward.percent_fail),
          amount: toMajor(Number(reward.amount), member.currency),
          receivedAt: new Date(Number(reward.received_at)).toISOString(),
          turnover: turnoverView(reward, member),
        },
      };
    },
  );
};
