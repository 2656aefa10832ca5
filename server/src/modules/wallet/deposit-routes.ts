import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { keyOf } from '../../lib/idempotency.js';
import { Message } from '../../../../contract/message.js';
import {
  DepositRequestBody,
  DepositRequestResponse,
  SlipUploadResponse,
  TruelinkBody,
  TruelinkResponse,
} from '../../../../contract/deposit.js';
import { redeemGiftLink, requestDeposit, SLIP_UPLOAD_LIMITS, uploadSlip } from '../deposit/service.js';

const secured = { tags: ['wallet'], security: [{ bearer: [] }] };
const keyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String()) });

/** §7 Wallet deposits a member makes with a JSON body: a gift voucher link and a manual request (the deposit module does them). */
export const depositRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    '/truelink',
    {
      onRequest: app.requireMember,
      schema: {
        ...secured,
        headers: keyHeader,
        body: TruelinkBody,
        response: { 200: TruelinkResponse, 400: Message, 401: Message, 403: Message, 409: Message, 422: Message, 503: Message },
      },
    },
    async (request, reply) => {
      const outcome = await redeemGiftLink(ctx, request.memberId, request.body.link, keyOf(request, request.memberId));
      return reply.status(outcome.status as 200).send(outcome.body as { message: 'SUCCESS'; amount: number });
    },
  );

  app.post(
    '/add',
    {
      onRequest: app.requireMember,
      schema: {
        ...secured,
        headers: keyHeader,
        body: DepositRequestBody,
        response: { 200: DepositRequestResponse, 400: Message, 401: Message, 403: Message, 409: Message, 422: Message },
      },
    },
    async (request, reply) => {
      const outcome = await requestDeposit(ctx, request, request.memberId, request.body);
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};

/** POST /api/wallet/slip: multipart, one image in the field `file`, at most 10 MB (§7, §9). */
export const slipUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  await app.register(multipart, { limits: SLIP_UPLOAD_LIMITS });
  app.post(
    '/slip',
    {
      onRequest: app.requireMember,
      // the body is a file stream, read by uploadSlip; the schema only documents it (any JSON body is "no file")
      attachValidation: true,
      schema: {
        ...secured,
        consumes: ['multipart/form-data'],
        body: Type.Object({ file: Type.String({ format: 'binary', description: 'the slip image, at most 10 MB' }) }),
        description:
          'One slip image (JPEG, PNG or WebP by its bytes) in the multipart field `file`. Answers PROCESSING at once; ' +
          'verification follows (POST /api/statement/slip shows the outcome). Idempotency-Key: a retried upload answers as the first. ' +
          "429 UPLOAD_LIMIT: the member's bytes for the hour are used (setting `uploads`); 429 SLIP_LIMIT: too many slips in 10 minutes; " +
          "503 UPLOAD_UNAVAILABLE: the server's disk is nearly full. Nothing is stored then.",
        headers: keyHeader,
        response: {
          200: SlipUploadResponse,
          400: Message,
          401: Message,
          403: Message,
          413: Message,
          422: Message,
          429: Message,
          503: Message,
        },
      },
    },
    async (request, reply) => {
      const outcome = await uploadSlip(ctx, request, request.memberId);
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};
