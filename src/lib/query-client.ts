import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { ApiError } from './api';
import { deleteKey, readKey, writeKey } from './storage';
import { BUILD_HASH } from './variant';

const WEEK = 7 * 24 * 3_600_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: WEEK, // at least the persisted age, or restored data is dropped at once
        // a 4xx will not change on retry; a lost connection might
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

const persistOptions = (queryClient: QueryClient) => ({
  queryClient,
  persister: createAsyncStoragePersister({
    key: 'query-cache',
    throttleTime: 1000,
    storage: {
      getItem: async (key: string) => (await readKey<string>(key)) ?? null,
      setItem: (key: string, value: string) => writeKey(key, value),
      removeItem: (key: string) => deleteKey(key),
    },
  }),
  // a new build drops the old cache: its shapes may have changed
  buster: BUILD_HASH,
  maxAge: WEEK,
  dehydrateOptions: {
    // queries marked persist: false (secrets such as game passwords) never reach IndexedDB
    shouldDehydrateQuery: (q: { state: { status: string }; meta?: Record<string, unknown> }) =>
      q.state.status === 'success' && q.meta?.persist !== false,
  },
});

/** Loads the saved cache before the first render (offline start), then keeps saving changes. */
export async function restoreAndPersist(queryClient: QueryClient): Promise<void> {
  const options = persistOptions(queryClient);
  try {
    await persistQueryClientRestore(options);
  } catch {
    // a broken cache is only a slower start
  }
  persistQueryClientSubscribe(options);
}
