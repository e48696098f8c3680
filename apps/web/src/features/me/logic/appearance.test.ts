import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieBackend, createStorage, memoryBackend } from '../../../lib/storage';
import { applyAppearance, readAppearance, saveAppearance, themeColours } from './appearance';

function resetPage() {
  // At the app's address: the storage chain's cookies are scoped to it.
  window.history.replaceState(null, '', '/mobile/');
  localStorage.clear();
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; expires=${new Date(0).toUTCString()}; path=/mobile`;
  }
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.textSize;
  document.head.innerHTML = `
    <meta name="theme-color" content="${themeColours.light}" media="(prefers-color-scheme: light)">
    <meta name="theme-color" content="${themeColours.dark}" media="(prefers-color-scheme: dark)">`;
}

beforeEach(resetPage);
afterEach(resetPage);

const mediaOfMetas = () =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.getAttribute('media'));

describe('appearance settings', () => {
  it('are system and standard until chosen, and anything else stored reads as those', () => {
    const store = createStorage([memoryBackend()]);
    expect(readAppearance(store)).toEqual({ theme: 'system', textSize: 'standard' });
    store.set('theme', 'purple');
    store.set('text_size', 3);
    expect(readAppearance(store)).toEqual({ theme: 'system', textSize: 'standard' });
  });

  it('are kept through the storage chain, the defaults as nothing stored', () => {
    const store = createStorage();
    saveAppearance(store, { theme: 'dark', textSize: 'extra-large' });
    expect(localStorage.getItem('theme')).toBe('"dark"');
    expect(readAppearance(createStorage())).toEqual({ theme: 'dark', textSize: 'extra-large' });
    saveAppearance(store, { theme: 'system', textSize: 'standard' });
    expect(localStorage.getItem('theme')).toBeNull();
    expect(localStorage.getItem('text_size')).toBeNull();
  });

  it('in a cookie when local storage is blocked', () => {
    const blocked = () => {
      throw new Error('blocked');
    };
    const store = createStorage([blocked, cookieBackend()]);
    saveAppearance(store, { theme: 'light', textSize: 'small' });
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toContain('theme=%22light%22');
    expect(readAppearance(store)).toEqual({ theme: 'light', textSize: 'small' });
  });

  it("set <html>'s attributes and pin the browser bar to a chosen theme, or give it back to the system", () => {
    const root = document.documentElement;
    applyAppearance(document, { theme: 'dark', textSize: 'large' });
    expect(root.dataset.theme).toBe('dark');
    expect(root.dataset.textSize).toBe('large');
    expect(mediaOfMetas()).toEqual(['not all', 'all']);
    applyAppearance(document, { theme: 'light', textSize: 'large' });
    expect(mediaOfMetas()).toEqual(['all', 'not all']);
    applyAppearance(document, { theme: 'system', textSize: 'standard' });
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(root.hasAttribute('data-text-size')).toBe(false);
    expect(mediaOfMetas()).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
  });
});
