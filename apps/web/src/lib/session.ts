import type { User } from '@school/contract/auth';
import { appConfig } from '../config/app-config';
import { storageKeys } from '../config/storage-keys';
import { storage, type AppStorage } from './storage';

/**
 * The signed-in learner as this device remembers it (docs/product.md#session). The server's session
 * cookie is the truth; this copy lets screens render without waiting and is dropped on a 401.
 */
export interface SessionStore {
  user(): User | null;
  saveUser(user: User, rememberMe?: boolean): void;
  /** docs/product.md#session: before each request, a stored user without remember-me is saved again. */
  refresh(): void;
  /** Clears user, login data, remember-me flag, menus and lastUrl. */
  clear(): void;
  lastUrl(): string | null;
  saveLastUrl(url: string): void;
  /** Returns the saved lastUrl and forgets it, so it is used once. */
  takeLastUrl(): string | null;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(store: AppStorage, now: () => number = Date.now): SessionStore {
  const listeners = new Set<() => void>();
  // Cached so useSyncExternalStore sees a stable snapshot between changes.
  let cached: User | null | undefined;
  const emit = () => {
    cached = undefined;
    for (const listener of listeners) listener();
  };

  function readUser(): User | null {
    const user = store.get<User>(storageKeys.user);
    if (!user) return null;
    if (store.get<boolean>(storageKeys.rememberMe)) return user;
    const activeAt = store.get<number>(storageKeys.userActiveAt) ?? 0;
    if (now() - activeAt > appConfig.sessionIdleMs) {
      store.remove(storageKeys.user);
      store.remove(storageKeys.userActiveAt);
      return null;
    }
    return user;
  }

  return {
    user() {
      if (cached === undefined) cached = readUser();
      return cached;
    },
    saveUser(user, rememberMe) {
      const unchanged =
        JSON.stringify(this.user()) === JSON.stringify(user) &&
        (rememberMe === undefined || rememberMe === store.get<boolean>(storageKeys.rememberMe));
      store.set(storageKeys.user, user);
      store.set(storageKeys.userActiveAt, now());
      if (rememberMe !== undefined) store.set(storageKeys.rememberMe, rememberMe);
      // The same learner as stored (start-up's fresh copy, most often): nothing on screen changes.
      // Telling the screens anyway would reach a server-rendered one still hydrating (a lazy part
      // of it on its way) and make React throw the server's markup away: the screen blinked to
      // its skeleton and its lazy parts moved everything below them (issue 28).
      if (!unchanged) emit();
    },
    refresh() {
      const user = this.user();
      if (!user || store.get<boolean>(storageKeys.rememberMe)) return;
      store.set(storageKeys.user, user);
      store.set(storageKeys.userActiveAt, now());
    },
    clear() {
      for (const key of [
        storageKeys.user,
        storageKeys.userActiveAt,
        storageKeys.loginData,
        storageKeys.rememberMe,
        storageKeys.menus,
        storageKeys.lastUrl,
      ]) {
        store.remove(key);
      }
      emit();
    },
    lastUrl: () => store.get<string>(storageKeys.lastUrl),
    saveLastUrl(url) {
      store.set(storageKeys.lastUrl, url);
    },
    takeLastUrl() {
      const url = store.get<string>(storageKeys.lastUrl);
      store.remove(storageKeys.lastUrl);
      return url;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const session: SessionStore = createSessionStore(storage);
