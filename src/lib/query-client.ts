import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * What the app keeps between visits, decided here and nowhere else:
 * - every query that has data (also one whose last refresh failed: its data is still the last the
 *   server said), except those marked `meta: { persist: false }` (secrets such as game passwords,
 *   and the site-active answer the guard must ask afresh);
 * - for a week (`PERSIST_MAX_AGE`), and only for the build that saved it (the buster);
 * - the member's own data (everything but lookups) is dropped at sign-out, when the server ends the
 *   session, before another sign-in, and when the app starts without a token (see session.ts).
 * The saving itself lives in persistence.ts, loaded after the first paint.
 */
export const PERSIST_MAX_AGE = 7 * 24 * 3_600_000;

export const shouldPersist = (q: Query): boolean => q.state.data !== undefined && q.meta?.persist !== false;

/** Lookups are the site's, the same for everyone; every other query belongs to the signed-in member. */
export const isMemberQuery = (q: Pick<Query, 'queryKey'>): boolean => q.queryKey[0] !== 'lookup';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: PERSIST_MAX_AGE, // at least the saved age, or restored data is dropped at once
        // a 4xx will not change on retry; a lost connection might
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
