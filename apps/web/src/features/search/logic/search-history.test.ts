import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../config/storage-keys';
import { createStorage, memoryBackend, type BackendFactory } from '../../../lib/storage';
import { createSearchHistory, normalizeKeyword, searchHistoryLimit, withKeyword } from './search-history';

const localStorageBackend: BackendFactory = () => ({
  name: 'localStorage',
  get: (k) => localStorage.getItem(k),
  set: (k, v) => localStorage.setItem(k, v),
  remove: (k) => localStorage.removeItem(k),
});

beforeEach(() => localStorage.clear());

describe('normalizeKeyword', () => {
  it('trims and collapses spaces, keeps Chinese as typed', () => {
    expect(normalizeKeyword('  前端   开发 ')).toBe('前端 开发');
    expect(normalizeKeyword('\t\n')).toBe('');
  });

  it('cuts to the 50 characters the server accepts, never inside a surrogate pair', () => {
    expect(normalizeKeyword('字'.repeat(60))).toBe('字'.repeat(50));
    const emojiAtLimit = `${'a'.repeat(49)}😀`;
    expect(normalizeKeyword(emojiAtLimit)).toBe('a'.repeat(49));
  });
});

describe('withKeyword', () => {
  it('puts the newest first and removes older copies, ignoring Latin case', () => {
    expect(withKeyword(['java', 'python', '数学'], 'Python')).toEqual(['Python', 'java', '数学']);
    expect(withKeyword(['数学'], ' 数学 ')).toEqual(['数学']);
  });

  it('ignores an empty keyword', () => {
    expect(withKeyword(['java'], '   ')).toEqual(['java']);
  });

  it('keeps at most ten entries, dropping the oldest', () => {
    let history: string[] = [];
    for (let i = 1; i <= 12; i++) history = withKeyword(history, `k${i}`);
    expect(history).toHaveLength(searchHistoryLimit);
    expect(history[0]).toBe('k12');
    expect(history.at(-1)).toBe('k3');
  });
});

describe('createSearchHistory', () => {
  it('stores through the storage module and reads back in a new instance', () => {
    const store = createStorage([localStorageBackend]);
    const history = createSearchHistory(store);
    history.add('前端');
    history.add('java');
    expect(JSON.parse(localStorage.getItem(storageKeys.searchHistory) ?? 'null')).toEqual(['java', '前端']);
    expect(createSearchHistory(store).list()).toEqual(['java', '前端']);
  });

  it('returns the same snapshot until something changes, and tells subscribers', () => {
    const history = createSearchHistory(createStorage([memoryBackend()]));
    const listener = vi.fn();
    history.subscribe(listener);
    history.add('a');
    const first = history.list();
    expect(history.list()).toBe(first);
    history.add('a');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(history.list()).toBe(first);
    history.add('b');
    expect(history.list()).not.toBe(first);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('clears everything, also in storage', () => {
    const store = createStorage([localStorageBackend]);
    const history = createSearchHistory(store);
    history.add('a');
    history.clear();
    expect(history.list()).toEqual([]);
    expect(localStorage.getItem(storageKeys.searchHistory)).toBeNull();
    expect(createSearchHistory(store).list()).toEqual([]);
  });

  it('reads a damaged or foreign stored value as a clean list', () => {
    const store = createStorage([localStorageBackend]);
    localStorage.setItem(storageKeys.searchHistory, JSON.stringify(['a', 3, '', ' A ', null, 'b']));
    expect(createSearchHistory(store).list()).toEqual(['a', 'b']);
    localStorage.setItem(storageKeys.searchHistory, '{"not":"a list"}');
    expect(createSearchHistory(store).list()).toEqual([]);
    localStorage.setItem(storageKeys.searchHistory, 'not json');
    expect(createSearchHistory(store).list()).toEqual([]);
  });

  it('keeps working when local storage is blocked: the fallback chain takes over', () => {
    const blocked: BackendFactory = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const fullQuota: BackendFactory = () => ({
      name: 'sessionStorage',
      get: () => null,
      set: () => {
        throw new DOMException('quota exceeded', 'QuotaExceededError');
      },
      remove: () => undefined,
    });
    const store = createStorage([blocked, fullQuota, memoryBackend()]);
    const history = createSearchHistory(store);
    history.add('数学');
    expect(store.backendName()).toBe('memory');
    expect(history.list()).toEqual(['数学']);
    expect(createSearchHistory(store).list()).toEqual(['数学']);
  });
});
