import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import {
  Adjustment,
  AdjustmentApproveBody,
  AdjustmentIdParam,
  AdjustmentList,
  AdjustmentRejectBody,
  AdjustmentRequestBody,
} from '../../../../contract/staff-adjustments.js';
import { toMajor } from '../../ledger/money.js';
import {
  approvalAbove,
  approveAdjustment,
  creditAloneLeft,
  listAdjustments,
  rejectAdjustment,
  requestAdjustment,
} from '../adjustments/service.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };

/** Adjustments (contract/staff-adjustments.ts), registered inside staffRoutes: finance and admin only. */
export const adjustmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const finance = requireStaff(app, 'finance', 'admin');
  const idOf = (request: { params: { id: string } }) => Number(request.params.id);
  const done = { 200: Adjustment, ...refusals };

  app.get('/adjustments', { onRequest: finance, schema: { response: { 200: AdjustmentList, ...refusals } } }, async (request) => {
    const above = await approvalAbove(ctx.database.db);
    const left = await creditAloneLeft(ctx.database.db, request.staff!.username, ctx.now());
    return {
      ...(await listAdjustments(ctx.database.db)),
      approvalAbove: { BAHT: toMajor(above.BAHT, 'BAHT'), LAK: toMajor(above.LAK, 'LAK') },
      creditAloneLeft: { BAHT: toMajor(left.BAHT, 'BAHT'), LAK: toMajor(left.LAK, 'LAK') },
    };
  });

  app.post('/adjustments', { onRequest: finance, schema: { body: AdjustmentRequestBody, response: done } }, async (request) =>
    requestAdjustment(ctx, staffBy(request), request.body),
  );

  app.post(
    '/adjustments/:id/approve',
    { onRequest: finance, schema: { params: AdjustmentIdParam, body: AdjustmentApproveBody, response: done } },
    async (request) => approveAdjustment(ctx, staffBy(request), { id: idOf(request), reason: request.body.reason }),
  );

  app.post(
    '/adjustments/:id/reject',
    { onRequest: finance, schema: { params: AdjustmentIdParam, body: AdjustmentRejectBody, response: done } },
    async (request) => rejectAdjustment(ctx, staffBy(request), { id: idOf(request), reason: request.body.reason }),
  );
};
