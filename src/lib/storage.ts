import { createStore, get, set, del } from 'idb-keyval';

/** One IndexedDB store for the small things the app keeps: locale, guest id, the query cache. */
let store: ReturnType<typeof createStore> | undefined;
function kv() {
  store ??= createStore('wallet', 'kv');
  return store;
}

export async function readKey<T>(key: string): Promise<T | undefined> {
  try {
    return await get<T>(key, kv());
  } catch {
    return undefined; // IndexedDB unavailable: the app still works, it just forgets
  }
}

export async function writeKey(key: string, value: unknown): Promise<void> {
  try {
    await set(key, value, kv());
  } catch {
    // see readKey
  }
}

export async function deleteKey(key: string): Promise<void> {
  try {
    await del(key, kv());
  } catch {
    // see readKey
  }
}
