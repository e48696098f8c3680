import type { Locale } from '@school/contract/enums';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys } from '../config/storage-keys';
import { languageTagOf, setActiveLocale } from './locale';
import { storage } from './storage';

export type MessageBundle = Record<string, string>;
export type MessageLoader = (locale: Locale) => Promise<MessageBundle>;

let loadBundle: MessageLoader | null = null;
/** Screens' own messages added so far (addMessages), loaded again in a language switched to. */
const screenLoaders = new Set<MessageLoader>();
const localeListeners = new Set<(locale: Locale) => void>();

function applyLocale(locale: Locale) {
  setActiveLocale(locale);
  document.documentElement.lang = languageTagOf(locale);
}

/** How i18next reads our messages, in the browser and in a server render (app/entry-server.tsx). */
export const i18nextOptions = {
  // Message ids contain dots (`error.badCredential`): they are flat keys, not paths.
  keySeparator: false,
  nsSeparator: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
} as const;

/**
 * Starts i18next with only the active language: the other one is a separate chunk that is
 * fetched when (and if) the learner switches.
 */
export async function startI18n(locale: Locale, load: MessageLoader): Promise<void> {
  loadBundle = load;
  const [bundle, ...screens] = await Promise.all([load(locale), ...[...screenLoaders].map((screen) => screen(locale))]);
  await i18next.use(initReactI18next).init({
    ...i18nextOptions,
    lng: locale,
    resources: { [locale]: { translation: Object.assign({}, bundle, ...screens) } },
  });
  applyLocale(locale);
}

/**
 * Adds a screen's own messages in the active language (before the screen renders: the route
 * table awaits it with the screen's code) and in any language switched to later.
 */
export async function addMessages(load: MessageLoader): Promise<void> {
  screenLoaders.add(load);
  // The first screen's code is asked for before i18next starts: startI18n loads these with the app's.
  if (!i18next.isInitialized) return;
  const locale = i18next.language as Locale;
  i18next.addResourceBundle(locale, 'translation', await load(locale), true, true);
}

/** Switches language, loading its messages first, and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    if (!loadBundle) throw new Error('startI18n must run first');
    i18next.addResourceBundle(locale, 'translation', await loadBundle(locale));
  }
  for (const load of screenLoaders) i18next.addResourceBundle(locale, 'translation', await load(locale), true, true);
  storage.set(storageKeys.locale, locale);
  applyLocale(locale);
  await i18next.changeLanguage(locale);
  for (const listener of localeListeners) listener(locale);
}

/** Lets server-state code refetch localized content after a switch. */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  localeListeners.add(listener);
  return () => localeListeners.delete(listener);
}

/** Translation for code outside React; undefined when the id is unknown. */
export function translateIfKnown(id: string): string | undefined {
  return i18next.exists(id) ? i18next.t(id as never) : undefined;
}
