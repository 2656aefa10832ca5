import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from 'typebox';
import { SIGNATURE_HEADER } from '../../adapters/gateway/gateway.js';
import { addressOf } from '../../lib/address.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { keyOf } from '../../lib/idempotency.js';
import { CallbackAnswer, handleGatewayWebhook, handleQrCallback } from './qr-callback.js';
import { cancelCode, codeOutcome, createCode, currentCode, FAILED_STATE, isQrProvider } from './qr-service.js';
import { QrCreateBody, QrOutcome, QrState, type QrProvider } from '../../../../contract/deposit.js';

/** A failure keeps the QR state's shape: {message, hasQrcode: false}. */
const QrFailure = Type.Object({ message: Type.String(), hasQrcode: Type.Optional(Type.Boolean()) });
// the provider is checked in the handler (QR_UNAVAILABLE), so a bad one is the same answer as an unoffered one
const ProviderParam = Type.Object({ bankCode: Type.String({ maxLength: 20, description: 'KBANK, WW or ZAPMAN' }) });
const CodeParam = Type.Object({ qrcodeId: Type.String({ maxLength: 64 }) });

function providerOf(code: string): QrProvider {
  if (!isQrProvider(code)) throw badRequest('QR_UNAVAILABLE');
  return code;
}

/** §7 QR: the member's payment QR codes. */
export const qrRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const secured = { tags: ['qrcode'], security: [{ bearer: [] }] };
  const failures = { 400: QrFailure, 401: QrFailure, 404: QrFailure, 409: QrFailure, 422: QrFailure, 503: QrFailure };
  // a refused body keeps the QR state's shape too; everything else goes to the app's handler
  app.setErrorHandler((err: FastifyError, _request, reply) => {
    if (!err.validation) throw err;
    const code = err.validation.some((v) => v.keyword === 'required') ? 'KEY_MISSING' : 'KEY_INVALID';
    return reply.status(400).send(FAILED_STATE(code));
  });

  app.get(
    '/code/:qrcodeId',
    { onRequest: app.requireMember, schema: { ...secured, params: CodeParam, response: { 200: QrOutcome, ...failures } } },
    (request) => codeOutcome(ctx, request.memberId, request.params.qrcodeId),
  );

  app.get(
    '/:bankCode',
    { onRequest: app.requireMember, schema: { ...secured, params: ProviderParam, response: { 200: QrState, ...failures } } },
    (request) => currentCode(ctx, request.memberId, providerOf(request.params.bankCode)),
  );

  app.post(
    '/:bankCode',
    {
      onRequest: app.requireMember,
      schema: {
        ...secured,
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        params: ProviderParam,
        body: QrCreateBody,
        response: { 200: QrState, ...failures },
      },
    },
    async (request, reply) => {
      try {
        const provider = providerOf(request.params.bankCode);
        const key = keyOf(request, request.memberId);
        const outcome = await createCode(ctx, { memberId: request.memberId, provider, amount: request.body.amount }, key);
        return reply.status(outcome.status as 200).send(outcome.body);
      } catch (err) {
        if (err instanceof ApiError) return reply.status(err.status as 400).send(FAILED_STATE(err.code));
        throw err;
      }
    },
  );

  app.delete(
    '/:qrcodeId',
    { onRequest: app.requireMember, schema: { ...secured, params: CodeParam, response: { 200: QrState, ...failures } } },
    (request) => cancelCode(ctx, request.memberId, request.params.qrcodeId),
  );
};

/**
 * The payment gateway's callback: no member, no token, no marker header (the auth guard exempts this
 * route only); the signature over the raw body is the authentication, so the body is kept as bytes.
 */
export const qrCallbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/qr/:provider',
    {
      schema: {
        tags: ['callbacks'],
        params: Type.Object({ provider: Type.String({ maxLength: 20 }) }),
        response: { 200: CallbackAnswer, 400: CallbackAnswer, 401: CallbackAnswer, 404: CallbackAnswer },
      },
    },
    async (request, reply) => {
      // the built-in gateway's signed callback: a real gateway's payments come by its own webhook below
      if (!app.ctx.sandboxGateway) return reply.status(404).send({ message: 'NO_DATA' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await handleQrCallback(app.ctx, request.params.provider, raw, request.headers[SIGNATURE_HEADER]);
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
  app.post(
    '/opn',
    {
      schema: {
        tags: ['callbacks'],
        response: { 200: CallbackAnswer, 400: CallbackAnswer, 404: CallbackAnswer, 429: CallbackAnswer, 503: CallbackAnswer },
      },
    },
    async (request, reply) => {
      // only deliveries that found no payment count (a malformed body, a charge Opn does not know or says is
      // unpaid, Opn unreachable): each may have cost a call to Opn for nothing; a busy evening of real
      // payments, or their replays (answered from our books), is never held back
      const attempt = await app.ctx.limiter.attempt([[`webhook:opn:ip:${addressOf(request)}`, LIMITS.gatewayWebhookAddress]]);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await handleGatewayWebhook(app.ctx, raw);
      if (outcome.status === 200 && outcome.body.status !== 'NOT_PAID') await attempt.succeeded();
      if (outcome.status === 503)
        request.log.warn({ provider: 'opn' }, 'opn webhook: the charge could not be asked back; Opn delivers it again');
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};
