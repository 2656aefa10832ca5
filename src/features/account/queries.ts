import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Message } from '../../../contract/message';
import type { ChangePasswordBody, ProfileResponse } from '../../../contract/account';
import { api } from '../../lib/api';

export const accountKeys = { profile: ['account', 'profile'] as const };

/** Refetched on every visit (the saved copy shows meanwhile), so a closed site or an ended session is noticed. */
export const profileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile, queryFn: () => api<ProfileResponse>('/api/account/profile'), staleTime: 0 });

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api<Message>('/api/account/changepwd', { method: 'PUT', body }) });
}
