import { createStore, type UseStore } from 'idb-keyval';

/**
 * An idb-keyval store that gives up for the rest of the visit once IndexedDB is missing or
 * refuses (some private modes): each call runs `instead` (a memory fallback) from then on.
 * Opened on first use, without a version: a store made before opens as it is.
 */
export function guardedIdbStore(dbName: string, storeName: string) {
  let store: UseStore | null = null;
  let broken = typeof indexedDB === 'undefined';
  return async function withStore<T>(run: (db: UseStore) => Promise<T>, instead: () => Promise<T>): Promise<T> {
    if (broken) return instead();
    try {
      store ??= createStore(dbName, storeName);
      return await run(store);
    } catch {
      broken = true;
      return instead();
    }
  };
}
