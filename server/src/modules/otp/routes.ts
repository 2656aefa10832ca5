import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, badRequest } from '../../lib/errors.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { Message } from '../../../../contract/message.js';
import { phoneRule } from '../../../../contract/account-rules.js';
import { OtpSendBody, OtpSendResponse, OtpVerifyBody } from '../../../../contract/otp.js';
import { assertPhoneFree, OTP_VERIFIED_VALID_MS } from '../account/service.js';
import { countOtpAttempt, findOtp, findUsableOtp, markOtpVerified } from './repository.js';
import { codeHash, issueOtp, limitOtpSend, OTP_MAX_ATTEMPTS } from './service.js';
import { addressOf } from '../../lib/address.js';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const otpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const db = ctx.database.db;
  const errors = { 400: Message, 409: Message, 429: Message, 502: Message };

  app.post('/send', { schema: { tags: ['otp'], body: OtpSendBody, response: { 200: OtpSendResponse, ...errors } } }, async (request) => {
    const phone = request.body.phoneNumber;
    const invalid = phoneRule(phone, ctx.config.variant);
    if (invalid) throw badRequest(invalid);
    // every send counts, answered or not: each text costs money
    await limitOtpSend(ctx, phone, request);
    await assertPhoneFree(ctx, phone);
    const now = ctx.now();

    // OTP_VERIFIED only to whoever shows the verified token itself: a phone number alone gets a fresh
    // code sent to that phone, never the token its owner verified (which would let anyone register it)
    const given = request.body.otpToken;
    const verified = given
      ? await findUsableOtp(db, { token: given, phone, purpose: 'register', verifiedAfter: now - OTP_VERIFIED_VALID_MS })
      : undefined;
    if (verified) return { otpRef: verified.ref, otpToken: verified.token, code: 'OTP_VERIFIED' as const };

    const { token, code, ref } = await issueOtp(ctx, phone, 'register');
    try {
      await ctx.sms.sendOtp(phone, code, ref);
    } catch (err) {
      request.log.warn({ err }, 'SMS sender failed');
      throw new ApiError(502, 'OTP_SEND_FAIL');
    }
    return { otpRef: ref, otpToken: token, code: 'OTP_SENT' as const };
  });

  app.post('/verify', { schema: { tags: ['otp'], body: OtpVerifyBody, response: { 200: Message, ...errors } } }, async (request) => {
    const { otpToken, otpCode } = request.body;
    await ctx.limiter.hit([[`otp:verify:token:${otpToken}`, LIMITS.otpVerifyToken]]);
    // per address only wrong codes and tokens count: members behind one carrier address verify freely
    const attempt = await ctx.limiter.attempt([[`otp:verify:fail:ip:${addressOf(request)}`, LIMITS.otpVerifyFailAddress]]);
    const now = ctx.now();
    const otp = await findOtp(db, otpToken);
    if (!otp) throw badRequest('OTP_TOKEN_INVALID');
    if (otp.verified_at !== null) throw badRequest('OTP_VERIFIED');
    if (otp.expires_at <= now) throw badRequest('OTP_EXPIRED');
    // count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit
    if (!(await countOtpAttempt(db, otpToken, OTP_MAX_ATTEMPTS))) throw badRequest('OTP_BLOCK');
    if (!/^\d{6}$/.test(otpCode) || !sameHash(codeHash(otpToken, otpCode), otp.code_hash)) {
      throw badRequest(otp.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'OTP_BLOCK' : 'OTP_CODE_INVALID');
    }
    await markOtpVerified(db, otpToken, now);
    await attempt.succeeded();
    return { message: 'OTP_CODE_VALID' };
  });
};
