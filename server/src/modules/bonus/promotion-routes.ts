import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { toMajor } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { inLanguage, type LocalizedText } from '../../settings/registry.js';
import { Message } from '../account/schemas.js';
import { activeReward, hasUsedPromotion, offeredPromotion, usesOfPromotion } from './repository.js';
import { Activated, CodeParam, LangQuery, PromotionCurrent, PromotionFound } from './schemas.js';
import { grant, refreshTurnover, turnoverView } from './service.js';

/** Codes are matched as the site sends them, upper-cased (§5): a member typing in lower case still finds one. */
const codeOf = (raw: string) => raw.trim().toUpperCase();

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
      const promotion = await offeredPromotion(db, codeOf(request.params.code));
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
      await refreshTurnover(ctx, request.memberId);
      const outcome = await idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => {
        const member = await memberMoney(tx, request.memberId, ctx.database.dialect);
        const promotion = await offeredPromotion(tx, codeOf(request.params.code), ctx.database.dialect);
        if (!promotion) throw new ApiError(404, 'NO_PROMOTION');
        if (await hasUsedPromotion(tx, request.memberId, promotion.code)) throw new ApiError(409, 'PROMOTION_RECEIVED');
        if (await activeReward(tx, request.memberId)) throw new ApiError(409, 'BONUS_ALREADY_ACTIVE');
        if (promotion.total_uses !== null && (await usesOfPromotion(tx, promotion.code)) >= Number(promotion.total_uses))
          throw new ApiError(400, 'PROMOTION_FULL');
        const given = await grant(tx, member, { kind: 'promotion', ...promotion }, ctx.now());
        const turnover = turnoverView({ turnover_target: given.target, turnover_progress: 0 }, member);
        return {
          status: 200,
          body: { message: 'SUCCESS' as const, code: promotion.code, amount: toMajor(given.amount, member.currency), turnover },
        };
      });
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
