import { useMutation } from '@tanstack/react-query';
import { setCsrfToken, staffApi } from '../api';

/** Ends the session on the server; whatever it answers, this browser forgets it (the sign-in page drops the cache). */
export function useSignOut() {
  return useMutation({
    mutationFn: () => staffApi<void>('/api/staff/auth/sign-out', { method: 'POST' }),
    onSettled: () => setCsrfToken(''),
  });
}
