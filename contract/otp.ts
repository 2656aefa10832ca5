import { Type, type Static } from 'typebox';

/** §7 OTP: a code sent to the phone being registered, verified once; the token it gives goes with the registration. */
export const OtpSendBody = Type.Object({
  phoneNumber: Type.String({ maxLength: 32 }),
  /** The token the caller already verified for this phone (a member who went back a step): answered OTP_VERIFIED. */
  otpToken: Type.Optional(Type.String({ maxLength: 200 })),
});
export type OtpSendBody = Static<typeof OtpSendBody>;
export const OtpSendResponse = Type.Object({
  otpRef: Type.String(),
  otpToken: Type.String(),
  code: Type.Union([Type.Literal('OTP_SENT'), Type.Literal('OTP_VERIFIED')]),
});
export type OtpSendResponse = Static<typeof OtpSendResponse>;
export const OtpVerifyBody = Type.Object({ otpToken: Type.String({ maxLength: 200 }), otpCode: Type.String({ maxLength: 16 }) });
export type OtpVerifyBody = Static<typeof OtpVerifyBody>;
