import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import { CREDIT_WAITS } from '../../../../contract/staff-queues.js';
import { PaymentAttachBody, PaymentIdParam, PaymentRefundedBody, UnmatchedPaymentList } from '../../../../contract/staff-payments.js';
import { attachPayment, refundPayment, unmatchedPaymentList } from '../deposit/service.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };
const done = { 200: Message, ...refusals };

/** Unmatched payment callbacks (contract/staff-payments.ts), registered inside staffRoutes: finance and admin only. */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const finance = requireStaff(app, 'finance', 'admin');
  const ok = { message: 'SUCCESS' };

  app.get('/payments/unmatched', { onRequest: finance, schema: { response: { 200: UnmatchedPaymentList, ...refusals } } }, async () => ({
    rows: await unmatchedPaymentList(ctx.database.db),
  }));

  app.post(
    '/payments/:id/attach',
    { onRequest: finance, schema: { params: PaymentIdParam, body: PaymentAttachBody, response: { 202: Message, ...done } } },
    async (request, reply) => {
      const attached = await attachPayment(ctx, staffBy(request), {
        gatewayTxnId: request.params.id,
        phone: request.body.phone,
        reason: request.body.reason,
      });
      return attached.waits ? reply.code(202).send({ message: CREDIT_WAITS }) : ok;
    },
  );

  app.post(
    '/payments/:id/refunded',
    { onRequest: finance, schema: { params: PaymentIdParam, body: PaymentRefundedBody, response: done } },
    async (request) => {
      await refundPayment(ctx, staffBy(request), {
        gatewayTxnId: request.params.id,
        reason: request.body.reason,
        reference: request.body.reference,
      });
      return ok;
    },
  );
};
