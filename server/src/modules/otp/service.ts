import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { OtpPurpose } from '../../db/schema.js';
import { addressOf } from '../../lib/address.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { newToken, otpRef, sha256, sixDigits } from '../../lib/tokens.js';
import { consumeVerifiedOtp, findUsableOtp, insertOtp } from './repository.js';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

export const codeHash = (token: string, code: string) => sha256(`${token}:${code}`);

/**
 * Counts one text to `phone` from the caller's address, whatever it is for (registration or a forgotten
 * password): every text costs money, and one phone gets at most a few a minute in all.
 */
export const limitOtpSend = (ctx: AppContext, phone: string, request: FastifyRequest) =>
  ctx.limiter.hit([
    [`otp:send:phone:${phone}`, LIMITS.otpSendPhone],
    [`otp:send:ip:${addressOf(request)}`, LIMITS.otpSendAddress],
  ]);

export interface IssuedOtp {
  token: string;
  ref: string;
  code: string;
}

/** A new code for `phone`, stored hashed under a new token; the caller texts it (or, for no one, does not). */
export async function issueOtp(ctx: AppContext, phone: string, purpose: OtpPurpose): Promise<IssuedOtp> {
  const token = newToken();
  const code = sixDigits();
  const ref = otpRef();
  const now = ctx.now();
  await insertOtp(ctx.database.db, {
    token,
    phone,
    ref,
    purpose,
    code_hash: codeHash(token, code),
    created_at: now,
    expires_at: now + OTP_TTL_MS,
  });
  return { token, ref, code };
}

/** A verified code's check (before costly work) and its use (in the change's transaction), for the other modules. */
export { consumeVerifiedOtp, findUsableOtp };
