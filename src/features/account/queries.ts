import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, Message, ProfileResponse } from '../../../server/src/modules/account/schemas';
import { api } from '../../lib/api';

export const accountKeys = { profile: ['account', 'profile'] as const };

export const profileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile, queryFn: () => api<ProfileResponse>('/api/account/profile') });

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api<Message>('/api/account/changepwd', { method: 'PUT', body }) });
}
