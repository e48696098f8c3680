import { limits } from '@school/contract/limits';
import { storageKeys } from '../../../config/storage-keys';
import { storage, type AppStorage } from '../../../lib/storage';

/** How many recent keywords the search screen offers again. */
export const searchHistoryLimit = 10;

/**
 * The keyword as it is searched and remembered: trimmed, inner runs of spaces collapsed, and cut
 * to what the server accepts (never in the middle of a surrogate pair, so an emoji at the limit
 * does not become a broken character).
 */
export function normalizeKeyword(raw: string): string {
  let text = raw.replace(/\s+/g, ' ').trim();
  if (text.length > limits.keywordMax) {
    text = text.slice(0, limits.keywordMax);
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text;
}

/** Case-insensitive for Latin letters: "Java" and "java" are one entry, the newer spelling kept. */
const sameKeyword = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** `keyword` in front, its older copies removed, at most `searchHistoryLimit` entries. */
export function withKeyword(history: readonly string[], keyword: string): string[] {
  const entry = normalizeKeyword(keyword);
  if (!entry) return [...history];
  return [entry, ...history.filter((old) => !sameKeyword(old, entry))].slice(0, searchHistoryLimit);
}

/** Whatever is stored, as a clean list (another version of the app may have written it). */
function sanitize(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const clean: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const entry = normalizeKeyword(item);
    if (entry && !clean.some((old) => sameKeyword(old, entry))) clean.push(entry);
    if (clean.length === searchHistoryLimit) break;
  }
  return clean;
}

export interface SearchHistory {
  /** Most recent first; the same array until the history changes (a stable snapshot for React). */
  list(): readonly string[];
  add(keyword: string): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/** The learner's recent keywords, kept on this device through the app's storage fallback chain. */
export function createSearchHistory(store: AppStorage = storage): SearchHistory {
  let cached: readonly string[] | null = null;
  const listeners = new Set<() => void>();

  const save = (next: readonly string[]) => {
    cached = next;
    if (next.length) store.set(storageKeys.searchHistory, next);
    else store.remove(storageKeys.searchHistory);
    for (const listener of listeners) listener();
  };

  const list = () => {
    cached ??= sanitize(store.get<unknown>(storageKeys.searchHistory));
    return cached;
  };

  return {
    list,
    add(keyword) {
      const current = list();
      const next = withKeyword(current, keyword);
      if (next.length === current.length && next.every((entry, i) => entry === current[i])) return;
      save(next);
    },
    clear() {
      save([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const searchHistory = createSearchHistory();
