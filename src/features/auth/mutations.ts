import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '../../../contract/account';
import { api } from '../../lib/api';
import { deviceId } from '../../lib/device-id';
import { startSession } from '../../lib/session';

/** §7 login: the token is stored (for this tab only without "remember") and the previous member's data dropped. */
export function useLogin(remember: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api<LoginResponse>('/api/login', { body, headers: { 'X-Device-Id': deviceId() } }),
    onSuccess: ({ token }, body) => startSession(queryClient, token, remember, body.username),
  });
}
