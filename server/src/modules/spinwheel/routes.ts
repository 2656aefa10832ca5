import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { coinsOf } from '../../ledger/coins.js';
import { toMajor } from '../../ledger/money.js';
import { ApiError } from '../../lib/errors.js';
import { idempotent } from '../../lib/idempotency.js';
import { inLanguage } from '../../settings/registry.js';
import { Message } from '../../../../contract/message.js';
import { refreshTurnover } from '../bonus/service.js';
import { couponPage } from './repository.js';
import {
  ClaimBody,
  Claimed,
  CouponList,
  CouponQuery,
  LangQuery,
  SpinActive,
  SpinRefused,
  SpinResult,
  SpinSetup,
  type CouponItem,
} from '../../../../contract/spinwheel.js';
import { claim, couponReader, offeredWheel, refreshCoins, sliceView, spin, wheelName } from './service.js';
import { moneyReader } from '../bonus/service.js';
import { parseWheel } from './wheel.js';

const COUPONS_PER_PAGE = 3;
const KeyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String()) });

/**
 * §7 Spin wheel. The spin and the claim move coins and money: each takes an Idempotency-Key, runs in
 * one transaction under the member's lock, and a refusal changes nothing.
 */
export const spinwheelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const secured = { tags: ['spinwheel'], security: [{ bearer: [] }] };

  app.get('/active', { onRequest: app.requireMember, schema: { ...secured, response: { 200: SpinActive, 401: Message } } }, async () => ({
    isActive: !!(await offeredWheel(ctx, db)),
  }));

  app.get(
    '/setup',
    { onRequest: app.requireMember, schema: { ...secured, querystring: LangQuery, response: { 200: SpinSetup, 401: Message } } },
    async (request) => {
      const lang = request.query.lang ?? 'th';
      const waiting = await refreshCoins(ctx, request.memberId);
      const wheel = await offeredWheel(ctx, db);
      const reader = moneyReader(ctx, request.memberCurrency, lang);
      const activeSpinwheel = wheel ? { name: inLanguage(wheel.name, lang), slice: wheel.slices.map((s) => sliceView(s, reader)) } : null;
      const userCoin = await coinsOf(db, request.memberId);
      if (!waiting) return { result: { activeSpinwheel, userCoin } };
      const currency = request.memberCurrency;
      return { result: { activeSpinwheel, userCoin, waitingCoin: { coins: waiting.coins, bet: toMajor(waiting.bet, currency) } } };
    },
  );

  app.post(
    '/spin',
    {
      onRequest: app.requireMember,
      schema: {
        ...secured,
        description: 'takes no body; costs one coin',
        querystring: LangQuery,
        headers: KeyHeader,
        response: { 200: SpinResult, 400: SpinRefused, 401: Message, 403: SpinRefused, 409: SpinRefused, 422: SpinRefused },
      },
    },
    async (request, reply) => {
      // coins a deposit's play has earned are given first, so a spin is not refused for them
      await refreshCoins(ctx, request.memberId);
      try {
        const outcome = await idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => ({
          status: 200,
          body: { success: true as const, error: null, result: await spin(ctx, tx, request.memberId, request.query.lang ?? 'th') },
        }));
        return await reply.status(200).send(outcome.body);
      } catch (err) {
        // the spin answer's own shape, so the site reads the code from `error` as from `message`
        if (err instanceof ApiError)
          return reply.status(err.status as 400).send({ message: err.code, success: false, error: err.code, result: null });
        throw err;
      }
    },
  );

  app.get(
    '/coupon',
    { onRequest: app.requireMember, schema: { ...secured, querystring: CouponQuery, response: { 200: CouponList, 401: Message } } },
    async (request) => {
      const lang = request.query.lang ?? 'th';
      const currency = request.memberCurrency;
      const { total, rows } = await couponPage(db, request.memberId, Number(request.query.page ?? 1), COUPONS_PER_PAGE);
      const now = ctx.now();
      const reader = moneyReader(ctx, currency, lang);
      const coupons = rows.map((r): CouponItem => {
        const wheel = parseWheel({ id: r.wheel_id, name: r.wheel_name, slices: r.wheel_slices });
        const slice = wheel.slices.find((s) => s.code === r.slice_code);
        return {
          _id: r.id,
          prize: {
            name: wheelName(r.wheel_name, lang),
            slice: slice
              ? sliceView(slice, couponReader(reader, r.kip_per_baht))
              : { code: r.slice_code, label: r.slice_code, bgColor: '', textColor: '', htmlDescription: '' },
          },
          type: r.prize_type as CouponItem['type'],
          amount: toMajor(Number(r.amount), currency),
          createdAt: new Date(Number(r.created_at)).toISOString(),
          expiresAt: new Date(Number(r.expires_at)).toISOString(),
          expired: r.claimed_at === null && now >= Number(r.expires_at),
          claimed: r.claimed_at !== null,
        };
      });
      return { coupons, total };
    },
  );

  app.post(
    '/coupon/claim',
    {
      onRequest: app.requireMember,
      schema: {
        ...secured,
        body: ClaimBody,
        headers: KeyHeader,
        response: { 200: Claimed, 400: Message, 401: Message, 404: Message, 409: Message, 422: Message },
      },
    },
    async (request, reply) => {
      // a bonus whose turnover was reached ends first, so a bonus prize is not refused for it
      await refreshTurnover(ctx, request.memberId);
      const outcome = await idempotent(ctx.database, request, request.memberId, ctx.now(), async (tx) => ({
        status: 200,
        body: await claim(ctx, tx, request.memberId, request.body.coupon),
      }));
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};
