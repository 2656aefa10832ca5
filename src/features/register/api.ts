import type { Message } from '../../../contract/message';
import type { RegistrationBody } from '../../../contract/account';
import { api } from '../../lib/api';

export interface OtpSendResponse {
  otpRef: string;
  otpToken: string;
  code: 'OTP_SENT' | 'OTP_VERIFIED';
}

/** `otpToken`: the token this visitor already verified for the phone, so the server may answer OTP_VERIFIED. */
export const sendOtp = (phoneNumber: string, otpToken?: string) =>
  api<OtpSendResponse>('/api/otp/send', { body: otpToken ? { phoneNumber, otpToken } : { phoneNumber } });
export const verifyOtp = (otpToken: string, otpCode: string) => api<Message>('/api/otp/verify', { body: { otpToken, otpCode } });
export const validateAccount = (body: RegistrationBody) => api<Message>('/api/account/validate', { body });
export const createAccount = (body: RegistrationBody) => api<Message>('/api/account', { body });
