/**
 * Persistent key/value storage with the fallback chain of docs/product.md#local-storage:
 * localStorage → cookies (expiring in 2038) → sessionStorage → memory.
 *
 * A backend is used until it throws (private modes, full quotas, blocked cookies); then the
 * next one takes over for that operation and every later one. Values are stored as JSON.
 */
export interface StorageBackend {
  readonly name: string;
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export type BackendFactory = () => StorageBackend;

const probeKey = '__storage_probe__';

function webStorageBackend(name: string, pick: () => Storage | undefined): BackendFactory {
  return () => {
    // Reading `window.localStorage` itself throws when storage is blocked.
    const store = pick();
    if (!store) throw new Error(`${name} unavailable`);
    store.setItem(probeKey, probeKey);
    store.removeItem(probeKey);
    return {
      name,
      get: (key) => store.getItem(key),
      set: (key, value) => store.setItem(key, value),
      remove: (key) => store.removeItem(key),
    };
  };
}

/** 2038-01-19: the last second a 32-bit time stamp holds; the cookies' expiry of docs/product.md#local-storage. */
const cookieExpiry = new Date(Date.UTC(2038, 0, 19, 3, 14, 7)).toUTCString();

export function cookieBackend(
  doc: () => Document | undefined = () => globalThis.document,
  path = '/mobile',
): BackendFactory {
  return () => {
    const d = doc();
    if (!d || (typeof navigator !== 'undefined' && navigator.cookieEnabled === false)) {
      throw new Error('cookies unavailable');
    }
    // Scoped to the app's path so these values are not sent along with every /api request.
    const write = (key: string, value: string, expires: string) => {
      d.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; expires=${expires}; path=${path}; SameSite=Lax`;
    };
    const read = (key: string): string | null => {
      const prefix = `${encodeURIComponent(key)}=`;
      for (const part of d.cookie.split('; ')) {
        if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
      }
      return null;
    };
    write(probeKey, '1', cookieExpiry);
    const works = read(probeKey) === '1';
    write(probeKey, '', new Date(0).toUTCString());
    if (!works) throw new Error('cookies unavailable');
    return {
      name: 'cookie',
      get: read,
      set: (key, value) => write(key, value, cookieExpiry),
      remove: (key) => write(key, '', new Date(0).toUTCString()),
    };
  };
}

export function memoryBackend(): BackendFactory {
  return () => {
    const map = new Map<string, string>();
    return {
      name: 'memory',
      get: (key) => map.get(key) ?? null,
      set: (key, value) => void map.set(key, value),
      remove: (key) => void map.delete(key),
    };
  };
}

export const defaultBackends: BackendFactory[] = [
  webStorageBackend('localStorage', () => globalThis.localStorage),
  cookieBackend(),
  webStorageBackend('sessionStorage', () => globalThis.sessionStorage),
  memoryBackend(),
];

export interface AppStorage {
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** Which backend currently answers (for diagnostics and tests). */
  backendName(): string;
  /**
   * Picks the backend again from the first. The server's renders call it before each render
   * (app/entry-server.tsx): there the memory backend answers, and each render starts with an
   * empty one, as a new device would, so nothing one learner's render kept reaches the next.
   */
  startAfresh(): void;
}

export function createStorage(factories: BackendFactory[] = defaultBackends): AppStorage {
  let index = 0;
  let active: StorageBackend | null = null;

  function current(): StorageBackend {
    while (!active) {
      const factory = factories[index];
      // The last resort never fails; without one, memory is it.
      if (!factory) {
        active = memoryBackend()();
        break;
      }
      try {
        active = factory();
      } catch {
        index += 1;
      }
    }
    return active;
  }

  function attempt<R>(operation: (backend: StorageBackend) => R): R {
    for (;;) {
      const backend = current();
      try {
        return operation(backend);
      } catch (error) {
        if (backend.name === 'memory') throw error;
        active = null;
        index += 1;
      }
    }
  }

  return {
    get<T>(key: string): T | null {
      const raw = attempt((b) => b.get(key));
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        // Written by something else (or truncated): unreadable is the same as absent.
        return null;
      }
    },
    set(key, value) {
      if (value === undefined) {
        attempt((b) => b.remove(key));
        return;
      }
      const raw = JSON.stringify(value);
      attempt((b) => b.set(key, raw));
    },
    remove(key) {
      attempt((b) => b.remove(key));
    },
    backendName: () => current().name,
    startAfresh() {
      active = null;
      index = 0;
    },
  };
}

/** The app's one storage. */
export const storage: AppStorage = createStorage();
