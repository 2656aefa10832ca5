import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import {
  PromotionAddBody,
  PromotionAdded,
  PromotionCodeParam,
  PromotionDecided,
  PromotionDecisionBody,
  StaffPromotionList,
} from '../../../../contract/staff-promotions.js';
import { addConsolePromotion, decidePromotion, listConsolePromotions, stopPromotion } from '../bonus/service.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };

/** Promotion codes in the console (contract/staff-promotions.ts), registered inside staffRoutes: finance reads, admins add, decide and stop. */
export const promotionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const reader = requireStaff(app, 'finance', 'admin');
  const admin = requireStaff(app, 'admin');
  const decided = { schema: { params: PromotionCodeParam, body: PromotionDecisionBody, response: { 200: PromotionDecided, ...refusals } } };

  app.get('/promotions', { onRequest: reader, schema: { response: { 200: StaffPromotionList, ...refusals } } }, async (request) =>
    listConsolePromotions(ctx, request.staff!.username),
  );

  app.post(
    '/promotions',
    { onRequest: admin, schema: { body: PromotionAddBody, response: { 200: PromotionAdded, 202: PromotionAdded, ...refusals } } },
    async (request, reply) => {
      const added = await addConsolePromotion(ctx, staffBy(request), request.body.promotion, request.body.reason);
      return reply.code(added.offered ? 200 : 202).send(added);
    },
  );

  for (const [action, outcome] of [
    ['approve', 'APPLIED'],
    ['reject', 'REJECTED'],
  ] as const)
    app.post(`/promotions/:code/${action}`, { onRequest: admin, ...decided }, async (request) => {
      await decidePromotion(ctx, staffBy(request), request.params.code, outcome, request.body.reason);
      return { code: request.params.code, offered: outcome === 'APPLIED' };
    });

  app.post('/promotions/:code/stop', { onRequest: admin, ...decided }, async (request) => {
    await stopPromotion(ctx, staffBy(request), request.params.code, request.body.reason);
    return { code: request.params.code, offered: false };
  });
};
