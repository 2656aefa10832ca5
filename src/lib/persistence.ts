import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient } from '@tanstack/react-query-persist-client';
import { getToken } from './auth-token';
import { isMemberQuery, PERSIST_MAX_AGE, shouldPersist } from './query-client';
import { forgetMemberData, sessionStartedHere } from './session';
import { deleteKey, readKey, writeKey } from './storage';
import { BUILD_HASH } from './variant';

const KEY = 'queries';

/**
 * A saved query is the last answer the server gave. Whether a refresh failed afterwards is not
 * saved: an Error does not survive serialisation, and after a reload the query tries again anyway.
 */
function serialize(client: PersistedClient): string {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0 } } : q,
  );
  return JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
}

/**
 * What was saved, as it is restored. A member who signed in since the page loaded (src/lib/session.ts) gets
 * no member's data from it: it was saved under a session before theirs (another member's, perhaps), and this
 * session's own answers may already be in the cache. Read and put in the cache in one go, with no sign-in between.
 */
function deserialize(text: string): PersistedClient {
  const client = JSON.parse(text) as PersistedClient;
  if (!sessionStartedHere()) return client;
  const queries = client.clientState.queries.filter((q) => !isMemberQuery(q));
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Restores the saved query cache into the client, then saves every change (at most once a second).
 * Returns the function that stops saving. Loaded after the first paint: the persister packages and the
 * IndexedDB read cost the first screen nothing.
 */
export async function restoreAndPersist(queryClient: QueryClient): Promise<() => void> {
  const dehydrateOptions = { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: () => false };
  const options = {
    queryClient,
    persister: createAsyncStoragePersister({
      storage: { getItem: (key) => readKey<string>(key), setItem: writeKey, removeItem: deleteKey },
      key: KEY,
      throttleTime: 1_000,
      serialize,
      deserialize,
    }),
    buster: BUILD_HASH,
    maxAge: PERSIST_MAX_AGE,
    dehydrateOptions,
  };
  await persistQueryClientRestore(options).catch(() => undefined); // a broken cache is only a slower start
  // a member's data without a token is a former session's (a closed tab's sessionStorage): not shown
  if (!getToken()) forgetMemberData(queryClient);
  void deleteKey('query-cache'); // the format of builds before this one
  // an app closed within the save throttle still leaves what it showed last (the persister's own
  // save would wait for its throttle, by when the page is gone)
  const saveNow = () =>
    void writeKey(KEY, serialize({ buster: BUILD_HASH, timestamp: Date.now(), clientState: dehydrate(queryClient, dehydrateOptions) }));
  window.addEventListener('pagehide', saveNow);
  const unsubscribe = persistQueryClientSubscribe(options);
  return () => {
    window.removeEventListener('pagehide', saveNow);
    unsubscribe();
  };
}
