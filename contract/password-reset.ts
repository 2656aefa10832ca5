import { Type, type Static } from 'typebox';

/**
 * A forgotten password (issue 21): a code texted to the registered phone (POST /api/password/forgot),
 * checked by POST /api/otp/verify as registration's is, then the new password (POST /api/password/reset).
 * The forgot call answers an unknown phone exactly as a registered one (no text is sent to it).
 */
export const PasswordForgotBody = Type.Object({ phoneNumber: Type.String({ maxLength: 32 }) });
export type PasswordForgotBody = Static<typeof PasswordForgotBody>;
export const PasswordForgotResponse = Type.Object({ otpRef: Type.String(), otpToken: Type.String(), code: Type.Literal('OTP_SENT') });
export type PasswordForgotResponse = Static<typeof PasswordForgotResponse>;
export const PasswordResetBody = Type.Object({
  phoneNumber: Type.String({ maxLength: 32 }),
  otpToken: Type.String({ maxLength: 200 }),
  newPassword: Type.String({ maxLength: 1000 }),
});
export type PasswordResetBody = Static<typeof PasswordResetBody>;
