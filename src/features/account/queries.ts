import { queryOptions } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../contract/account';
import { api } from '../../lib/api';

export const accountKeys = { profile: ['account', 'profile'] as const };

/** Refetched on every visit (the saved copy shows meanwhile), so a closed site or an ended session is noticed. */
export const profileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile, queryFn: () => api<ProfileResponse>('/api/account/profile'), staleTime: 0 });
