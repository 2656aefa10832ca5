import type { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { clearToken, getToken, setToken } from './auth-token';
import { isMemberQuery } from './query-client';

/** Drops everything that belongs to the member (wallet, statement, profile); lookups stay. */
export function forgetMemberData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: isMemberQuery });
}

/** Ends the session on the server (best effort: offline, the token is still dropped here). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getToken()) {
    await api('/api/logout', { method: 'POST', react: false }).catch(() => undefined);
  }
  clearToken();
  forgetMemberData(queryClient);
}

/** A new session starts clean: nothing a previous member left on this device is shown to this one. */
export function startSession(queryClient: QueryClient, token: string, remember: boolean): void {
  forgetMemberData(queryClient);
  setToken(token, remember);
}
