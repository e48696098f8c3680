import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieBackend, createStorage, memoryBackend, type BackendFactory, type StorageBackend } from './storage';

function clearCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; expires=${new Date(0).toUTCString()}; path=/mobile`;
  }
}

function failing(name: string): BackendFactory {
  return () => {
    throw new Error(`${name} unavailable`);
  };
}

/** A backend that starts fine and then throws on writes (a full quota). */
function throwingOnWrite(name: string): BackendFactory & { backend: StorageBackend } {
  const map = new Map<string, string>();
  const backend: StorageBackend = {
    name,
    get: (key) => map.get(key) ?? null,
    set: () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    },
    remove: (key) => void map.delete(key),
  };
  const factory = (() => backend) as BackendFactory & { backend: StorageBackend };
  factory.backend = backend;
  return factory;
}

const sessionStorageBackend: BackendFactory = () => ({
  name: 'sessionStorage',
  get: (k) => sessionStorage.getItem(k),
  set: (k, v) => sessionStorage.setItem(k, v),
  remove: (k) => sessionStorage.removeItem(k),
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  // jsdom's cookies are path-scoped; the app lives under /mobile.
  window.history.replaceState(null, '', '/mobile/');
});
afterEach(() => vi.restoreAllMocks());

describe('createStorage', () => {
  it('uses localStorage first and stores JSON', () => {
    const storage = createStorage();
    storage.set('user', { id: 1, name: '小明' });
    expect(storage.backendName()).toBe('localStorage');
    expect(localStorage.getItem('user')).toBe('{"id":1,"name":"小明"}');
    expect(storage.get('user')).toEqual({ id: 1, name: '小明' });
    storage.remove('user');
    expect(storage.get('user')).toBeNull();
  });

  it('falls back to cookies expiring in 2038 when localStorage throws on access', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const setter = vi.spyOn(document, 'cookie', 'set');
    const storage = createStorage();
    storage.set('locale', 'en');
    expect(storage.backendName()).toBe('cookie');
    expect(storage.get('locale')).toBe('en');
    const written = setter.mock.calls.map(([value]) => value).find((v) => v.startsWith('locale='));
    expect(written).toContain('expires=Tue, 19 Jan 2038');
    expect(written).toContain('path=/mobile');
  });

  it('falls back to cookies when localStorage throws on write (private mode, full quota)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage) {
      if (this === localStorage) throw new DOMException('quota', 'QuotaExceededError');
    });
    const storage = createStorage();
    storage.set('tenant', { name: 'x' });
    expect(storage.backendName()).toBe('cookie');
    expect(storage.get('tenant')).toEqual({ name: 'x' });
  });

  it('moves on when a backend starts throwing after it was chosen', () => {
    const flaky = throwingOnWrite('localStorage');
    const storage = createStorage([flaky, sessionStorageBackend, memoryBackend()]);
    expect(storage.backendName()).toBe('localStorage');
    storage.set('k', 1);
    expect(storage.backendName()).toBe('sessionStorage');
    expect(storage.get('k')).toBe(1);
  });

  it('falls back to sessionStorage when localStorage and cookies are unavailable', () => {
    const storage = createStorage([failing('localStorage'), failing('cookie'), sessionStorageBackend, memoryBackend()]);
    storage.set('lastUrl', '/orders');
    expect(storage.backendName()).toBe('sessionStorage');
    expect(sessionStorage.getItem('lastUrl')).toBe('"/orders"');
  });

  it('falls back to sessionStorage when cookies are disabled in the browser', () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const storage = createStorage([failing('localStorage'), cookieBackend(), sessionStorageBackend, memoryBackend()]);
    storage.set('a', true);
    expect(storage.backendName()).toBe('sessionStorage');
  });

  it('falls back to memory when every browser store fails', () => {
    const storage = createStorage([
      failing('localStorage'),
      failing('cookie'),
      failing('sessionStorage'),
      memoryBackend(),
    ]);
    storage.set('sys_config', { accessConfig: { enableWap: true } });
    expect(storage.backendName()).toBe('memory');
    expect(storage.get('sys_config')).toEqual({ accessConfig: { enableWap: true } });
  });

  it('starts afresh on the server: memory forgets what the last render kept, a browser store keeps it', () => {
    const server = createStorage([failing('localStorage'), memoryBackend()]);
    server.set('user', { id: 1 });
    server.startAfresh();
    expect(server.get('user')).toBeNull();
    const browser = createStorage();
    browser.set('user', { id: 1 });
    browser.startAfresh();
    expect(browser.get('user')).toEqual({ id: 1 });
  });

  it('still works with no backend at all', () => {
    const storage = createStorage([]);
    storage.set('x', 'y');
    expect(storage.get('x')).toBe('y');
  });

  it('treats unreadable values as absent and undefined as removal', () => {
    localStorage.setItem('broken', '{not json');
    const storage = createStorage();
    expect(storage.get('broken')).toBeNull();
    storage.set('gone', 1);
    storage.set('gone', undefined);
    expect(storage.get('gone')).toBeNull();
  });

  it('round-trips values through real cookies', () => {
    const storage = createStorage([failing('localStorage'), cookieBackend()]);
    storage.set('menus', [{ id: 1, label: 'a; b=c' }]);
    expect(storage.get('menus')).toEqual([{ id: 1, label: 'a; b=c' }]);
    storage.remove('menus');
    expect(storage.get('menus')).toBeNull();
  });
});
