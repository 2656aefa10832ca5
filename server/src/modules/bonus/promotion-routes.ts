import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../lib/errors.js';
import { toMajor } from '../../ledger/money.js';
import type { LocalizedText } from '../../settings/registry.js';
import { activateRoute, codeOf } from './activation.js';
import { moneyReader, textFor } from './money-text.js';
import { Message } from '../../../../contract/message.js';
import { offeredPromotion } from './repository.js';
import { CodeParam, LangQuery, PromotionCurrent, PromotionFound } from '../../../../contract/bonus.js';
import { siteMoney } from '../../lib/site-money.js';
import { refreshTurnover, termsOf, turnoverView } from './service.js';

/**
 * §7 Promotion. A promotion code gives bonus money like a bonus (same turnover rule, one active at a
 * time), once per member. Receiving refuses, in this order: NO_PROMOTION, PROMOTION_RECEIVED,
 * BONUS_ALREADY_ACTIVE, PROMOTION_FULL (its total uses are taken), then the grant's own (bonus/routes.ts);
 * find states beforehand what receiving would give and hold (`terms`).
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
      const member = { memberId: request.memberId, currency: request.memberCurrency };
      const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
      return {
        code: promotion.code,
        percentFail: Number(promotion.percent_fail),
        description: textFor(JSON.parse(promotion.description) as LocalizedText, {
          lang: request.query.lang ?? 'th',
          currency: member.currency,
          site,
        }),
        terms: await termsOf(db, member, { kind: 'promotion', ...promotion }, site),
      };
    },
  );

  activateRoute(app, 'promotion');

  app.get(
    '/current',
    { onRequest: app.requireMember, schema: { ...secured, querystring: LangQuery, response: { 200: PromotionCurrent, 401: Message } } },
    async (request) => {
      const reward = await refreshTurnover(ctx, request.memberId);
      if (!reward?.promotion_code) return { promotion: null };
      const promotion = await db.selectFrom('promotions').selectAll().where('code', '=', reward.promotion_code).executeTakeFirstOrThrow();
      const member = { memberId: request.memberId, currency: request.memberCurrency };
      const lang = request.query.lang ?? 'th';
      return {
        promotion: {
          code: promotion.code,
          description: textFor(JSON.parse(promotion.description) as LocalizedText, moneyReader(ctx, member.currency, lang)),
          percentFail: Number(reward.percent_fail),
          amount: toMajor(Number(reward.amount), member.currency),
          receivedAt: new Date(Number(reward.received_at)).toISOString(),
          turnover: turnoverView(reward, member),
        },
      };
    },
  );
};
