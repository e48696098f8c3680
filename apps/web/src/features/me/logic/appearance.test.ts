import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAppearancePage, themeColourMedia } from '../../../testing/appearance-page';
import { cookieBackend, createStorage, memoryBackend } from '../../../lib/storage';
import { applyAppearance, readAppearance, saveAppearance, themeColours } from './appearance';

function resetPage() {
  resetAppearancePage(themeColours);
}

beforeEach(resetPage);
afterEach(resetPage);

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
    expect(themeColourMedia()).toEqual(['not all', 'all']);
    applyAppearance(document, { theme: 'light', textSize: 'large' });
    expect(themeColourMedia()).toEqual(['all', 'not all']);
    applyAppearance(document, { theme: 'system', textSize: 'standard' });
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(root.hasAttribute('data-text-size')).toBe(false);
    expect(themeColourMedia()).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
  });
});
