/*
 * The few IndexedDB calls the progress journal needs, written after idb-keyval (the same
 * promisified requests, one object store, a connection reopened if the browser closes it).
 * Our own rather than the package: the build merges a node_modules module this small into a
 * shared vendor chunk of antd-mobile and form pieces, which the lesson player would then
 * download with its first report (about 80 KB gzip measured, against 0.6 KB of code).
 */
function done<T>(request: IDBRequest<T> | IDBTransaction): Promise<T> {
  return new Promise((resolve, reject) => {
    if ('oncomplete' in request) {
      request.oncomplete = () => resolve(undefined as T);
      request.onabort = request.onerror = () => reject(request.error);
    } else {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }
  });
}

export interface KeyValueStore<V> {
  set(key: string, value: V): Promise<void>;
  remove(key: string): Promise<void>;
  /** Every entry, in key order. */
  entries(): Promise<Array<[string, V]>>;
}

export function idbStore<V>(dbName: string, storeName: string): KeyValueStore<V> {
  let connection: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (connection) return connection;
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    connection = done(request);
    connection.then(
      (db) => {
        // Safari sometimes closes the connection by itself: open a new one next time.
        db.onclose = () => (connection = null);
      },
      () => (connection = null),
    );
    return connection;
  };
  const inStore = async <T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => Promise<T>) => {
    const db = await open();
    return run(db.transaction(storeName, mode).objectStore(storeName));
  };
  return {
    set: (key, value) =>
      inStore('readwrite', (store) => {
        store.put(value, key);
        return done(store.transaction);
      }),
    remove: (key) =>
      inStore('readwrite', (store) => {
        store.delete(key);
        return done(store.transaction);
      }),
    entries: () =>
      inStore('readonly', async (store) => {
        const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
        return keys.map((key, index) => [String(key), values[index] as V] as [string, V]);
      }),
  };
}
