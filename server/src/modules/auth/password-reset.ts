import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { addressOf } from '../../lib/address.js';
import { withTransaction } from '../../db/transaction.js';
import { passwordRule, phoneRule } from '../../../../contract/account-rules.js';
import { Message } from '../../../../contract/message.js';
import { PasswordForgotBody, PasswordForgotResponse, PasswordResetBody } from '../../../../contract/password-reset.js';
import { loginMemberByPhone, setPasswordHash } from '../account/service.js';
import { findUsableOtp, issueOtp, limitOtpSend, consumeVerifiedOtp } from '../otp/service.js';
import { revokeMemberSessions } from './service.js';

/** How long a verified code stays good for setting the new password. */
export const PASSWORD_RESET_VALID_MS = 10 * 60_000;

/**
 * A forgotten password: a code texted to the registered phone, verified by /api/otp/verify, then the new
 * password, which ends every session of the member. Limited as registration's texts are (per phone and
 * per address, in the database's counters); an unknown phone gets the same answer as a registered one.
 */
export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const errors = { 400: Message, 429: Message };

  app.post(
    '/forgot',
    { schema: { tags: ['auth'], body: PasswordForgotBody, response: { 200: PasswordForgotResponse, ...errors } } },
    async (request) => {
      const phone = request.body.phoneNumber;
      const invalid = phoneRule(phone, ctx.config.variant);
      if (invalid) throw badRequest(invalid);
      await limitOtpSend(ctx, phone, request);
      const member = await loginMemberByPhone(ctx.database.db, phone);
      // a code is stored for every phone, so verifying answers an unknown one as it answers a wrong code
      const { token, ref, code } = await issueOtp(ctx, phone, 'password');
      if (member?.status === 'active') {
        // sent after the answer, never awaited: how long a text takes must not tell who is registered
        ctx.sms.sendOtp(phone, code, ref).catch((err: unknown) => request.log.warn({ err }, 'SMS sender failed (password reset)'));
      }
      return { otpRef: ref, otpToken: token, code: 'OTP_SENT' as const };
    },
  );

  app.post('/reset', { schema: { tags: ['auth'], body: PasswordResetBody, response: { 200: Message, ...errors } } }, async (request) => {
    const { phoneNumber: phone, otpToken, newPassword } = request.body;
    await ctx.limiter.hit([[`password:reset:phone:${phone}`, LIMITS.registerPhone]]);
    const attempt = await ctx.limiter.attempt([[`password:reset:fail:ip:${addressOf(request)}`, LIMITS.registerFailAddress]]);
    if (passwordRule(newPassword)) throw badRequest('INVALID_USER_INFO');
    const verifiedAfter = ctx.now() - PASSWORD_RESET_VALID_MS;
    const member = await loginMemberByPhone(ctx.database.db, phone);
    // checked before the hash (which costs CPU), used up in the change's transaction
    if (
      !member ||
      member.status !== 'active' ||
      !(await findUsableOtp(ctx.database.db, { token: otpToken, phone, purpose: 'password', verifiedAfter }))
    ) {
      throw badRequest('PASSWORD_RESET_INVALID');
    }
    const passwordHash = await hashPassword(newPassword);
    await withTransaction(ctx.database, async (tx) => {
      if (!(await consumeVerifiedOtp(tx, { token: otpToken, phone, purpose: 'password', verifiedAfter, now: ctx.now() })))
        throw badRequest('PASSWORD_RESET_INVALID');
      await setPasswordHash(tx, member.id, passwordHash);
      // whoever knew the old password (or holds a token from it) is out, on every device
      await revokeMemberSessions(ctx, member.id, {}, tx);
    });
    await attempt.succeeded();
    return { message: 'SUCCESS' };
  });
};
