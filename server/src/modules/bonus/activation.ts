import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { toMajor } from '../../ledger/money.js';
import { memberMoney } from '../../ledger/operations.js';
import { siteMoney, type SiteMoney } from '../../lib/site-money.js';
import { periodStart } from '../../lib/periods.js';
import { activeReward, hasUsedPromotion, lockOffer, offeredBonus, offeredPromotion, receivedSince, usesOfPromotion } from './repository.js';
import { Message } from '../../../../contract/message.js';
import { Activated, CodeParam } from '../../../../contract/bonus.js';
import { budgetLeft, grant, refreshTurnover, turnoverView, type Offer } from './service.js';

/** Codes as the operator writes them; the site upper-cases what the member types (§5). Anything else is no such code. */
const CODE = /^[A-Z0-9_-]{1,64}$/;
export const codeOf = (raw: string): string | undefined => {
  const code = raw.trim().toUpperCase();
  return CODE.test(code) ? code : undefined;
};

type Checked = { offer: Offer; cap?: number };

/** A bonus's refusals, in order: NO_DATA, BONUS_ALREADY_ACTIVE, BONUS_MAX_CLAIMED, BONUS_FULL. */
async function checkBonus(ctx: AppContext, tx: Tx, memberId: number, code: string, now: number, site: SiteMoney): Promise<Checked> {
  const bonus = await offeredBonus(tx, code);
  if (!bonus) throw new ApiError(404, 'NO_DATA');
  if (await activeReward(tx, memberId)) throw new ApiError(409, 'BONUS_ALREADY_ACTIVE');
  const since = periodStart(bonus.type, now, ctx.config.timeZone);
  if ((await receivedSince(tx, memberId, bonus.code, since)) >= Number(bonus.max_received)) throw new ApiError(400, 'BONUS_MAX_CLAIMED');
  if (bonus.budget !== null) await lockOffer(tx, 'bonuses', bonus.code);
  const cap = await budgetLeft(tx, bonus, site);
  if (cap <= 0) throw new ApiError(400, 'BONUS_FULL');
  return { offer: { kind: 'bonus', ...bonus }, cap };
}

/** A promotion's refusals, in order: NO_PROMOTION, PROMOTION_RECEIVED, BONUS_ALREADY_ACTIVE, PROMOTION_FULL. */
async function checkPromotion(ctx: AppContext, tx: Tx, memberId: number, code: string): Promise<Checked> {
  const promotion = await offeredPromotion(tx, code);
  if (!promotion) throw new ApiError(404, 'NO_PROMOTION');
  if (await hasUsedPromotion(tx, memberId, promotion.code)) throw new ApiError(409, 'PROMOTION_RECEIVED');
  if (await activeReward(tx, memberId)) throw new ApiError(409, 'BONUS_ALREADY_ACTIVE');
  if (promotion.total_uses !== null) {
    await lockOffer(tx, 'promotions', promotion.code);
    if ((await usesOfPromotion(tx, promotion.code)) >= Number(promotion.total_uses)) throw new ApiError(400, 'PROMOTION_FULL');
  }
  return { offer: { kind: 'promotion', ...promotion } };
}

/**
 * GET /api/bonus/activate/{code} and /api/promotion/activate/{code}: the offer's own refusals, then
 * the grant's own (service.ts quote), all under the member's lock and the Idempotency-Key. A bonus whose
 * turnover was reached ends first, so the next one can be received.
 */
export async function activateOffer(ctx: AppContext, request: FastifyRequest, kind: Offer['kind'], raw: string) {
  const code = codeOf(raw);
  if (!code) throw new ApiError(404, kind === 'bonus' ? 'NO_DATA' : 'NO_PROMOTION');
  await refreshTurnover(ctx, request.memberId);
  return idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => {
    const now = ctx.now();
    const member = await memberMoney(tx, request.memberId);
    const site = siteMoney(ctx.config, ctx.settings.get('bonus'));
    const { offer, cap } =
      kind === 'bonus' ? await checkBonus(ctx, tx, member.memberId, code, now, site) : await checkPromotion(ctx, tx, member.memberId, code);
    const given = await grant(tx, member, offer, now, site, cap);
    const body: Activated = {
      message: 'SUCCESS',
      code: offer.code,
      amount: toMajor(given.amount, member.currency),
      turnover: turnoverView({ turnover_target: given.target, turnover_progress: 0 }, member),
    };
    return { status: 200, body };
  });
}

/** GET /activate/:code of the bonus or the promotion routes: one definition for both. */
export function activateRoute(app: Parameters<FastifyPluginAsyncTypebox>[0], kind: Offer['kind']): void {
  app.get(
    '/activate/:code',
    {
      onRequest: app.requireMember,
      schema: {
        tags: [kind],
        security: [{ bearer: [] }],
        params: CodeParam,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        response: { 200: Activated, 400: Message, 401: Message, 404: Message, 409: Message, 422: Message },
      },
    },
    async (request, reply) => {
      const outcome = await activateOffer(app.ctx, request, kind, request.params.code);
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
}
