import { randomInt } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { phoneRule } from '../../../../contract/account-rules.js';
import { Message } from '../../../../contract/message.js';
import { GoLive, GoLiveSlipCheck, GoLiveTestQr, GoLiveTestSms, GoLiveTestSmsAnswer } from '../../../../contract/staff.js';
import { withTransaction } from '../../db/transaction.js';
import { badRequest } from '../../lib/errors.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { recordAudit, type AuditEntry } from '../audit/service.js';
import { fileOf, MAX_BYTES } from '../chat/service.js';
import { checkSampleSlip, inspectSlipImage, makeTestCode } from '../deposit/service.js';
import { goLiveMissing } from './go-live.js';
import { requireStaff } from './session.js';

const refusals = { 400: Message, 401: Message, 403: Message, 413: Message, 415: Message, 429: Message };

/**
 * The admins' "before you go live" (contract/staff.ts): what the site still lacks, and a test of each
 * outside system an admin can make from the console without a member: a text through the SMS provider to
 * their own phone, a sample slip asked of the slip verifier, and a QR code of the payment gateway. Each test is in the audit trail, a few a
 * minute per admin (each costs a text or a verification), and changes nothing else.
 */
export const goLiveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const adminOnly = requireStaff(app, 'admin');
  await app.register(multipart, { limits: { fileSize: MAX_BYTES.image, files: 1, fields: 5, parts: 6, headerPairs: 100 } });

  const audit = (request: FastifyRequest, entry: Pick<AuditEntry, 'action' | 'target' | 'after'>) =>
    withTransaction(ctx.database, (tx) =>
      recordAudit(tx, { kind: 'staff', username: request.staff!.username }, { ...entry, ip: request.ip, at: ctx.now() }),
    );

  app.get('/go-live', { onRequest: adminOnly, schema: { response: { 200: GoLive, ...refusals } } }, async () => ({
    missing: await goLiveMissing(ctx),
  }));

  // the code is shown to the admin, tied to no member; a refusal says why (SmsSendError's message names no code)
  app.post(
    '/go-live/test-sms',
    { onRequest: adminOnly, schema: { body: GoLiveTestSms, response: { 200: GoLiveTestSmsAnswer, ...refusals } } },
    async (request) => {
      const { phone } = request.body;
      const wrong = phoneRule(phone, ctx.config.variant);
      if (wrong) throw badRequest(wrong);
      await ctx.limiter.hit([[`go-live:test-sms:${request.staff!.staffId}`, LIMITS.goLiveTest]]);
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      let detail: string | undefined;
      await ctx.sms.sendOtp(phone, code, 'TEST').catch((err: unknown) => {
        detail = String((err as Error)?.message ?? err).slice(0, 200);
      });
      await audit(request, {
        action: 'go-live.test-sms',
        target: `phone:${phone}`,
        after: { sent: !detail, provider: ctx.config.smsProvider },
      });
      return detail === undefined ? { sent: true, code } : { sent: false, detail };
    },
  );

  // a real code of the payment gateway for the least it takes: paid from a staff member's own banking app,
  // its payment arrives as every payment does and is kept unmatched (TEST_PAYMENT) for finance to refund
  app.post('/go-live/test-qr', { onRequest: adminOnly, schema: { response: { 200: GoLiveTestQr, ...refusals } } }, async (request) => {
    await ctx.limiter.hit([[`go-live:test-qr:${request.staff!.staffId}`, LIMITS.goLiveTest]]);
    const made = await makeTestCode(ctx, `staff:${request.staff!.username}`);
    await audit(request, {
      action: 'go-live.test-qr',
      target: made.made ? `qr:${made.ref}` : 'qr:none',
      after: made.made
        ? { made: true, amount: made.amount, gateway: ctx.config.paymentGateway }
        : { ...made, gateway: ctx.config.paymentGateway },
    });
    return made;
  });

  // a slip of a small transfer to the site's account, from a staff member's own phone: what the verifier knows of it
  app.post('/go-live/test-slip', { onRequest: adminOnly, schema: { response: { 200: GoLiveSlipCheck, ...refusals } } }, async (request) => {
    await ctx.limiter.hit([[`go-live:test-slip:${request.staff!.staffId}`, LIMITS.goLiveTest]]);
    const bytes = await fileOf(request, 'image');
    // the member's upload's own check: a PNG, JPEG or WebP of a slip's size, nothing else reaches the reader
    const { contentType } = inspectSlipImage(bytes);
    const checked = await checkSampleSlip(ctx, new Uint8Array(bytes), contentType);
    await audit(request, { action: 'go-live.test-slip', target: 'slip:sample', after: { ...checked, verifier: ctx.config.slipVerifier } });
    return checked;
  });
};
