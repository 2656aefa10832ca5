import { useMutation } from '@tanstack/react-query';
import type { Message } from '../../../contract/message';
import type { RegistrationBody } from '../../../contract/account';
import type { OtpSendBody, OtpSendResponse, OtpVerifyBody } from '../../../contract/otp';
import { api } from '../../lib/api';
import { verifyOtp } from '../../lib/otp';

/**
 * §7 the registration calls. Nothing is cached: each step's answer moves the member on (the reducer
 * keeps what it needs), so there are no query keys to refresh.
 * `otpToken` of a send: the token this visitor already verified for the phone, so the server may answer OTP_VERIFIED.
 */
export const useSendOtp = () =>
  useMutation({
    mutationFn: ({ phoneNumber, otpToken }: { phoneNumber: string; otpToken?: string }) =>
      api<OtpSendResponse>('/api/otp/send', { body: (otpToken ? { phoneNumber, otpToken } : { phoneNumber }) satisfies OtpSendBody }),
  });

export const useVerifyOtp = () => useMutation({ mutationFn: (body: OtpVerifyBody) => verifyOtp(body) });

/** The profile step's check (the bank fields still empty), then the registration itself. */
export const useValidateAccount = () =>
  useMutation({ mutationFn: (body: RegistrationBody) => api<Message>('/api/account/validate', { body }) });
export const useCreateAccount = () => useMutation({ mutationFn: (body: RegistrationBody) => api<Message>('/api/account', { body }) });
