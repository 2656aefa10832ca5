import type { Message } from '../../../contract/message';
import type { RegistrationBody } from '../../../contract/account';
import type { OtpSendBody, OtpSendResponse, OtpVerifyBody } from '../../../contract/otp';
import { api } from '../../lib/api';

/** `otpToken`: the token this visitor already verified for the phone, so the server may answer OTP_VERIFIED. */
export const sendOtp = (phoneNumber: string, otpToken?: string) =>
  api<OtpSendResponse>('/api/otp/send', { body: (otpToken ? { phoneNumber, otpToken } : { phoneNumber }) satisfies OtpSendBody });
export const verifyOtp = (otpToken: string, otpCode: string) =>
  api<Message>('/api/otp/verify', { body: { otpToken, otpCode } satisfies OtpVerifyBody });
export const validateAccount = (body: RegistrationBody) => api<Message>('/api/account/validate', { body });
export const createAccount = (body: RegistrationBody) => api<Message>('/api/account', { body });
