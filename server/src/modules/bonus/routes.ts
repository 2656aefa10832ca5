import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { convert, toMajor } from '../../ledger/money.js';
import type { LocalizedText } from '../../settings/registry.js';
import { Message } from '../../../../contract/message.js';
import { activateRoute } from './activation.js';
import { textFor } from './money-text.js';
import { siteMoney } from '../../lib/site-money.js';
import { periodStart } from '../../lib/periods.js';
import { activeBonuses, receivedBonuses } from './repository.js';
import { ActiveBonus, BonusList, ClearMinimum, Cleared, LangQuery, type BonusItem } from '../../../../contract/bonus.js';
import { budgetLeft, clearMinimum, clearReward, refreshTurnover, termsOf, turnoverView } from './service.js';

const text = (json: string) => JSON.parse(json) as LocalizedText;

/**
 * §7 Bonus. Receiving refuses, in this order: NO_DATA (no such bonus offered), BONUS_ALREADY_ACTIVE,
 * BONUS_MAX_CLAIMED (received maxReceived times in its period), BONUS_FULL (its budget is spent),
 * then the grant's own (BONUS_DEPOSIT_REQUIRED, BONUS_WITHDRAWN_SINCE, BONUS_FIRST_DEPOSIT_ONLY,
 * BONUS_AMOUNT_ZERO: service.ts quote), which the list states beforehand as each bonus's `terms`. GETs as §7 has them; a
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
      const member = { memberId: request.memberId, currency: request.memberCurrency };
      const received = await receivedBonuses(db, request.memberId);
      const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
      const now = ctx.now();
      const offered = await activeBonuses(db);
      // the operator's words with their amounts ({money:N}) in the member's own currency
      const said = (words: LocalizedText) => textFor(words, { lang, currency: member.currency, site });
      // what receiving each would give now, or why it would be refused: stated before the member confirms
      const terms = await Promise.all(
        offered.map(async (b) => termsOf(db, member, { kind: 'bonus', ...b }, site, await budgetLeft(db, b, site))),
      );
      const bonuses = offered.map((b, i): BonusItem => {
        const mine = received.filter((r) => r.bonus_code === b.code);
        const since = periodStart(b.type, now, ctx.config.timeZone);
        return {
          code: b.code,
          name: said(text(b.name)),
          type: b.type,
          maxReceived: Number(b.max_received),
          percentFail: Number(b.percent_fail),
          banners: (JSON.parse(b.banners) as { image: string; html: LocalizedText }[]).map((x) => ({
            image: x.image,
            html: said(x.html),
          })),
          html: said(text(b.html)),
          notice: said(text(b.notice)),
          minDeposit: toMajor(convert(Number(b.min_deposit), site.currency, member.currency, site.kipPerBaht), member.currency),
          turnoverMultiple: Number(b.turnover_multiple),
          terms: terms[i]!,
          // counted here, in the operator's time zone, so the site never judges a day or a week itself
          exhausted: mine.filter((r) => Number(r.received_at) >= since).length >= Number(b.max_received),
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

  activateRoute(app, 'bonus');

  app.get(
    '/check/active',
    { onRequest: app.requireMember, schema: { ...secured, response: { 200: ActiveBonus, 401: Message } } },
    async (request) => {
      const reward = await refreshTurnover(ctx, request.memberId);
      if (!reward) return { status: false, type: null, code: null, amount: null, percentFail: null, turnover: null };
      const member = { memberId: request.memberId, currency: request.memberCurrency };
      const bonus = reward.bonus_code
        ? await db.selectFrom('bonuses').select('type').where('code', '=', reward.bonus_code).executeTakeFirst()
        : undefined;
      const type: ActiveBonus['type'] = bonus?.type ?? 'promotion';
      return {
        status: true,
        type,
        code: reward.bonus_code ?? reward.promotion_code,
        amount: toMajor(Number(reward.amount), member.currency),
        percentFail: reward.percent_fail,
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
