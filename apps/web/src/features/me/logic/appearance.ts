import type { AppStorage } from '../../../lib/storage';

/*
 * The learner's theme and text size (docs/product.md#appearance), kept per device in the app's
 * storage chain. The page's head script (src/app/appearance-head.js) reads the same keys and sets
 * the same attributes before the first paint; this module changes them when the learner chooses.
 * The defaults are stored as nothing, so a device that never chose stays on them.
 */

/** The storage keys; src/app/appearance-head.js reads the same. */
export const appearanceKeys = { theme: 'theme', textSize: 'text_size' } as const;

export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];

export const textSizes = ['small', 'standard', 'large', 'extra-large'] as const;
export type TextSize = (typeof textSizes)[number];

export interface Appearance {
  theme: Theme;
  textSize: TextSize;
}

/** The browser bar's colour per theme: each theme's --color-surface (app.css), as in index.html. */
export const themeColours = { light: '#ffffff', dark: '#1a1e25' } as const;

function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T {
  return choices.includes(value as T) ? (value as T) : fallback;
}

export function readAppearance(store: AppStorage): Appearance {
  return {
    theme: oneOf(themes, store.get(appearanceKeys.theme), 'system'),
    textSize: oneOf(textSizes, store.get(appearanceKeys.textSize), 'standard'),
  };
}

export function saveAppearance(store: AppStorage, { theme, textSize }: Appearance): void {
  if (theme === 'system') store.remove(appearanceKeys.theme);
  else store.set(appearanceKeys.theme, theme);
  if (textSize === 'standard') store.remove(appearanceKeys.textSize);
  else store.set(appearanceKeys.textSize, textSize);
}

/**
 * Sets <html>'s data-theme and data-text-size (app.css styles by them) and points the browser
 * bar's colour at the theme: a chosen theme's colour whatever the system's, or each colour for
 * its own system theme again.
 */
export function applyAppearance(doc: Document, { theme, textSize }: Appearance): void {
  const root = doc.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  if (textSize === 'standard') delete root.dataset.textSize;
  else root.dataset.textSize = textSize;
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own = meta.content === themeColours.dark ? 'dark' : 'light';
    // The attribute: older browsers have no `media` property on a meta element.
    meta.setAttribute(
      'media',
      theme === 'system' ? `(prefers-color-scheme: ${own})` : own === theme ? 'all' : 'not all',
    );
  }
}
