import path from 'node:path';
import type { IndexHtmlTransformHook } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAppearancePage, themeColourMedia } from '../testing/appearance-page';
import { inlineHeadScript } from '../../build/classic-script-plugin';
import { saveAppearance, themeColours, type Appearance } from '../features/me/logic/appearance';
import { cookieBackend, createStorage, type AppStorage } from '../lib/storage';

/*
 * The head script as the build inlines it (minified, in place of its comment), run against what
 * the app's own storage wrote: it must read both places of the chain and set what the app sets.
 */
let pageScript = '';
beforeEach(async () => {
  const plugin = inlineHeadScript(path.join(import.meta.dirname, 'appearance-head.js'), 'appearance-head');
  const transform = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
  const html = (await transform.handler.call(
    {} as never,
    '<head><!-- appearance-head --></head>',
    {} as never,
  )) as string;
  pageScript = /^<head><script>(.+)<\/script><\/head>$/s.exec(html)?.[1] ?? '';
  expect(pageScript).not.toBe('');
});

function resetPage() {
  resetAppearancePage(themeColours);
}
beforeEach(resetPage);
afterEach(resetPage);

function loadPage(saved: Appearance, store: AppStorage) {
  saveAppearance(store, saved);
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.textSize;
  new Function(pageScript)();
  const root = document.documentElement;
  return {
    theme: root.dataset.theme,
    textSize: root.dataset.textSize,
    bar: themeColourMedia(),
  };
}

describe('the head script', () => {
  it('sets the stored theme and text size from local storage and pins the browser bar', () => {
    expect(loadPage({ theme: 'dark', textSize: 'extra-large' }, createStorage())).toEqual({
      theme: 'dark',
      textSize: 'extra-large',
      bar: ['not all', 'all'],
    });
  });

  it('reads the cookie when local storage was not where the chain wrote', () => {
    const store = createStorage([
      () => {
        throw new Error('blocked');
      },
      cookieBackend(),
    ]);
    expect(loadPage({ theme: 'light', textSize: 'small' }, store)).toEqual({
      theme: 'light',
      textSize: 'small',
      bar: ['all', 'not all'],
    });
  });

  it('leaves the system theme and standard size to CSS, and ignores what it does not know', () => {
    expect(loadPage({ theme: 'system', textSize: 'standard' }, createStorage())).toEqual({
      theme: undefined,
      textSize: undefined,
      bar: ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)'],
    });
    localStorage.setItem('theme', '"sepia"');
    localStorage.setItem('text_size', 'not json');
    new Function(pageScript)();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(document.documentElement.hasAttribute('data-text-size')).toBe(false);
  });
});
