import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { toMajor } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { inLanguage, type LocalizedText } from '../../settings/registry.js';
import { Message } from '../account/schemas.js';
import { periodStart } from './periods.js';
import { activeBonuses, activeReward, givenOfBonus, offeredBonus, receivedBonuses, receivedSince } from './repository.js';
import { ActiveBonus, Activated, BonusList, ClearMinimum, Cleared, CodeParam, LangQuery, type BonusItem } from './schemas.js';
import { clearMinimum, clearReward, grant, refreshTurnover, turnoverView } from './service.js';

const text = (json: string) => JSON.parse(json) as LocalizedText;

/**
 * §7 Bonus. Receiving refuses, in this order: NO_DATA (no such bonus offered), BONUS_ALREADY_ACTIVE,
 * BONUS_MAX_CLAIMED (received maxReceived times in its period), BONUS_FULL (its budget is spent),
 * BONUS_CONDITION (no deposit of at least its minimum since the last bonus). GETs as §7 has them; a
 * receive also takes an Idempotency-Key.
 */
export const bonusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const secured = { tags: ['bonus'], security: [{ bearer: [] }] };

  app.get(
    '/',
    { onRequest: app.requireMember, schema: { ...secured, querystring: LangQuery, response: { 200: BonusList, 401: Message } } },
    async (request) => {
      const lang = request.query.lang ?? 'th';
      const member = await memberMoney(db, request.memberId);
      const received = await receivedBonuses(db, request.memberId);
      const bonuses = (await activeBonuses(db)).map((b): BonusItem => {
        const mine = received.filter((r) => r.bonus_code === b.code);
        return {
          code: b.code,
          name: inLanguage(text(b.name), lang),
          type: b.type,
          maxReceived: Number(b.max_received),
          percentFail: Number(b.percent_fail),
          banners: (JSON.parse(b.banners) as { image: string; html: LocalizedText }[]).map((x) => ({
            image: x.image,
            html: inLanguage(x.html, lang),
          })),
          html: inLanguage(text(b.html), lang),
          notice: inLanguage(text(b.notice), lang),
          minDeposit: toMajor(Number(b.min_deposit), member.currency),
          turnoverMultiple: Number(b.turnover_multiple),
          userBonus:
            mine.length === 0
              ? null
              : {
                  _id: mine[0]!.id,
                  isActive: mine.some((r) => Number(r.active) === 1),
                  received: mine.map((r) => ({ updatedAt: new Date(Number(r.received_at)).toISOString() })),
                },
        };
      });
      return { bonuses };
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
      // a bonus whose turnover was reached ends first, so the next one can be received
      await refreshTurnover(ctx, request.memberId);
      const outcome = await idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => {
        const now = ctx.now();
        const member = await memberMoney(tx, request.memberId, ctx.database.dialect);
        const bonus = await offeredBonus(tx, request.params.code, ctx.database.dialect);
        if (!bonus) throw new ApiError(404, 'NO_DATA');
        if (await activeReward(tx, request.memberId)) throw new ApiError(409, 'BONUS_ALREADY_ACTIVE');
        const since = periodStart(bonus.type, now, ctx.config.timeZone);
        if ((await receivedSince(tx, request.memberId, bonus.code, since)) >= Number(bonus.max_received))
          throw new ApiError(400, 'BONUS_MAX_CLAIMED');
        const left = bonus.budget === null ? Number.MAX_SAFE_INTEGER : Number(bonus.budget) - (await givenOfBonus(tx, bonus.code));
        if (left <= 0) throw new ApiError(400, 'BONUS_FULL');
        const given = await grant(tx, member, { kind: 'bonus', ...bonus }, now, left);
        const turnover = turnoverView({ turnover_target: given.target, turnover_progress: 0 }, member);
        return {
          status: 200,
          body: { message: 'SUCCESS' as const, code: bonus.code, amount: toMajor(given.amount, member.currency), turnover },
        };
      });
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );

  app.get(
    '/check/active',
    { onRequest: app.requireMember, schema: { ...secured, response: { 200: ActiveBonus, 401: Message } } },
    async (request) => {
      const reward = await refreshTurnover(ctx, request.memberId);
      if (!reward) return { status: false, type: null, code: null, amount: null, turnover: null };
      const member = await memberMoney(db, request.memberId);
      const bonus = reward.bonus_code
        ? await db.selectFrom('bonuses').select('type').where('code', '=', reward.bonus_code).executeTakeFirst()
        : undefined;
      const type: ActiveBonus['type'] = bonus?.type ?? 'promotion';
      return {
        status: true,
        type,
        code: reward.bonus_code ?? reward.promotion_code,
        amount: toMajor(Number(reward.amount), member.currency),
        turnover: turnoverView(reward, member),
      };
    },
  );

  app.get(
    '/check/minimum',
    { onRequest: app.requireMember, schema: { ...secured, response: { 200: ClearMinimum, 401: Message } } },
    (request) => clearMinimum(ctx, request.memberId),
  );

  app.get(
    '/clear',
    { onRequest: app.requireMember, schema: { ...secured, response: { 200: Cleared, 400: Message, 401: Message, 404: Message } } },
    (request) => clearReward(ctx, request.memberId),
  );
};
