import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../../../../contract/message.js';
import {
  CREDIT_WAITS,
  DepositRequestConfirmBody,
  DepositRequestRejectBody,
  QueueIdParam,
  ReviewSlipList,
  SlipApproveBody,
  SlipRejectBody,
  WaitingDepositRequestList,
  WaitingWithdrawalList,
  WithdrawalPayBody,
  WithdrawalRejectBody,
} from '../../../../contract/staff-queues.js';
import { ApiError } from '../../lib/errors.js';
import { approveSlip, confirmDepositRequest, rejectDepositRequest, rejectSlip, SLIP_BUCKET } from '../deposit/service.js';
import { payWithdrawal, rejectWithdrawal } from '../wallet/service.js';
import { reviewSlips, waitingDepositRequests, waitingWithdrawals } from './queue-lists.js';
import { requireStaff, staffBy } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 404: Message, 409: Message, 429: Message };
const done = { 200: Message, ...refusals };
/** A credit the money policy holds answers 202 CREDIT_WAITS (contract/staff-queues.ts). */
const credits = { 200: Message, 202: Message, ...refusals };

/** The types a slip upload is stored with (slip-upload.ts reads them from the bytes); anything else goes out as bytes, never rendered. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * The work queues of the staff console (contract/staff-queues.ts), registered inside staffRoutes (its
 * cookie, its `no-store`, its not-found answer). Finance and admin only. Each action is the service the
 * operator's command uses: the rule, the audit row (with the staff member's address) and the member's
 * event are the same whoever asks.
 */
export const queueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const finance = requireStaff(app, 'finance', 'admin');
  const idOf = (request: { params: { id: string } }) => Number(request.params.id);
  const ok = { message: 'SUCCESS' };
  const WAITS = { message: CREDIT_WAITS };

  app.get('/slips', { onRequest: finance, schema: { response: { 200: ReviewSlipList, ...refusals } } }, async () => ({
    rows: await reviewSlips(ctx.database.db),
  }));

  // the bytes of the slip the row names, from where the upload stored them: no path from the request is read
  app.get('/slips/:id/image', { onRequest: finance, schema: { params: QueueIdParam } }, async (request, reply) => {
    const slip = await ctx.database.db.selectFrom('slips').select(['file_name']).where('id', '=', idOf(request)).executeTakeFirst();
    const file = slip && (await ctx.storage.get(SLIP_BUCKET, slip.file_name).catch(() => undefined));
    if (!file) throw new ApiError(404, 'NO_DATA');
    const type = IMAGE_TYPES.includes(file.contentType) ? file.contentType : 'application/octet-stream';
    return reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(file.bytes));
  });

  app.post(
    '/slips/:id/approve',
    { onRequest: finance, schema: { params: QueueIdParam, body: SlipApproveBody, response: credits } },
    async (request, reply) => {
      const done = await approveSlip(ctx, staffBy(request), {
        id: idOf(request),
        amount: request.body.amount,
        reason: request.body.reason,
      });
      return done.waits ? reply.code(202).send(WAITS) : ok;
    },
  );

  app.post(
    '/slips/:id/reject',
    { onRequest: finance, schema: { params: QueueIdParam, body: SlipRejectBody, response: done } },
    async (request) => {
      await rejectSlip(ctx, staffBy(request), { id: idOf(request), reason: request.body.reason, comment: request.body.comment });
      return ok;
    },
  );

  app.get('/withdrawals', { onRequest: finance, schema: { response: { 200: WaitingWithdrawalList, ...refusals } } }, async () => ({
    rows: await waitingWithdrawals(ctx.database.db),
  }));

  app.post(
    '/withdrawals/:id/pay',
    { onRequest: finance, schema: { params: QueueIdParam, body: WithdrawalPayBody, response: done } },
    async (request) => {
      await payWithdrawal(ctx, staffBy(request), { id: idOf(request), reference: request.body.reference });
      return ok;
    },
  );

  app.post(
    '/withdrawals/:id/reject',
    { onRequest: finance, schema: { params: QueueIdParam, body: WithdrawalRejectBody, response: done } },
    async (request) => {
      const { reason, memberReason } = request.body;
      await rejectWithdrawal(ctx, staffBy(request), { id: idOf(request), reason, memberReason });
      return ok;
    },
  );

  app.get('/deposit-requests', { onRequest: finance, schema: { response: { 200: WaitingDepositRequestList, ...refusals } } }, async () => ({
    rows: await waitingDepositRequests(ctx.database.db),
  }));

  app.post(
    '/deposit-requests/:id/confirm',
    { onRequest: finance, schema: { params: QueueIdParam, body: DepositRequestConfirmBody, response: credits } },
    async (request, reply) => {
      const { reason, depositAccountNo } = request.body;
      const done = await confirmDepositRequest(ctx, staffBy(request), { id: idOf(request), reason, depositAccountNo });
      return done.waits ? reply.code(202).send(WAITS) : ok;
    },
  );

  app.post(
    '/deposit-requests/:id/reject',
    { onRequest: finance, schema: { params: QueueIdParam, body: DepositRequestRejectBody, response: done } },
    async (request) => {
      await rejectDepositRequest(ctx, staffBy(request), { id: idOf(request), reason: request.body.reason });
      return ok;
    },
  );
};
