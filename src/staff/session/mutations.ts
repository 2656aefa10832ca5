import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffPasswordBody, StaffSignInBody, StaffSignInStep, StaffTotpBody } from '../../../contract/staff';
import { setCsrfToken, staffApi } from '../api';
import { staffKeys } from './queries';

type StepCall =
  | { path: '/api/staff/auth/sign-in'; body: StaffSignInBody }
  | { path: '/api/staff/auth/password'; body: StaffPasswordBody }
  | { path: '/api/staff/auth/totp'; body: StaffTotpBody };

/** One step of the sign-in; its answer names the next. The last one (`done`) is the session. */
export function useSignInStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: StepCall) => staffApi<StaffSignInStep>(path, { method: 'POST', body }),
    onSuccess: (step) => {
      if (step.next !== 'done') return;
      setCsrfToken(step.staff.csrfToken);
      queryClient.setQueryData(staffKeys.me(), step.staff);
    },
  });
}

/** Ends the session on the server; whatever it answers, this browser forgets it (the sign-in page drops the cache). */
export function useSignOut() {
  return useMutation({
    mutationFn: () => staffApi<void>('/api/staff/auth/sign-out', { method: 'POST' }),
    onSettled: () => setCsrfToken(''),
  });
}
