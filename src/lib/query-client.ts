import { dehydrate, hydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { ApiError } from './api';
import { deleteKey, readKey, writeKey } from './storage';
import { BUILD_HASH } from './variant';

const WEEK = 7 * 24 * 3_600_000;
const CACHE_KEY = 'query-cache';
const SAVE_EVERY_MS = 1_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: WEEK, // at least the saved age, or restored data is dropped at once
        // a 4xx will not change on retry; a lost connection might
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

interface SavedCache {
  buster: string;
  savedAt: number;
  state: DehydratedState;
}

/** Queries marked `meta: { persist: false }` (secrets such as game passwords) never reach IndexedDB. */
const shouldSave = (q: Query) => q.state.status === 'success' && q.meta?.persist !== false;

/**
 * Loads the saved cache before the first render (so an offline start shows the last data), then saves
 * changes at most once a second. The cache of another build is dropped: its shapes may differ.
 * This is the query-persist-client protocol in a few lines, because the login route's JavaScript
 * budget has no room for the two persister packages; IndexedDB stores the structured clone as is.
 */
export async function restoreAndPersist(queryClient: QueryClient): Promise<void> {
  const saved = await readKey<SavedCache>(CACHE_KEY);
  if (saved?.buster === BUILD_HASH && Date.now() - saved.savedAt < WEEK) {
    try {
      hydrate(queryClient, saved.state);
    } catch {
      await deleteKey(CACHE_KEY); // a broken cache is only a slower start
    }
  } else if (saved) {
    await deleteKey(CACHE_KEY);
  }

  let pending: ReturnType<typeof setTimeout> | undefined;
  queryClient.getQueryCache().subscribe(() => {
    pending ??= setTimeout(() => {
      pending = undefined;
      const state = dehydrate(queryClient, { shouldDehydrateQuery: shouldSave, shouldDehydrateMutation: () => false });
      void writeKey(CACHE_KEY, { buster: BUILD_HASH, savedAt: Date.now(), state } satisfies SavedCache);
    }, SAVE_EVERY_MS);
  });
}
