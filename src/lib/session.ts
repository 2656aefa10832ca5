import type { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { clearToken, getToken } from './auth-token';

/** Drops everything that belongs to the member (cached profile and, later, wallet); lookups stay. */
export function forgetMemberData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'lookup' });
}

/** Ends the session on the server (best effort: offline, the token is still dropped here). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getToken()) {
    await api('/api/logout', { method: 'POST', react: false }).catch(() => undefined);
  }
  clearToken();
  forgetMemberData(queryClient);
}
