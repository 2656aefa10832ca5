import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../../contract/message';
import type { OtpVerifyBody } from '../../../../contract/otp';
import type { PasswordForgotBody, PasswordForgotResponse, PasswordResetBody } from '../../../../contract/password-reset';
import { api } from '../../../lib/api';
import { verifyOtp } from '../../../lib/otp';
import { signOut } from '../../../lib/session';

// the forgotten password's calls load with its route, not with the sign-in page (auth/mutations.ts)

/** A forgotten password (issue 21): a code to the registered phone, its check, then the new password. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (phoneNumber: string) =>
      api<PasswordForgotResponse>('/api/password/forgot', { body: { phoneNumber } satisfies PasswordForgotBody }),
  });

export const useVerifyResetCode = () => useMutation({ mutationFn: (body: OtpVerifyBody) => verifyOtp(body) });

/** Every session of the member ends on the server, this device's too: nothing saved here is theirs any more. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetBody) => api<Message>('/api/password/reset', { body }),
    onSuccess: () => void signOut(queryClient),
  });
}
