import type { Locale } from '@school/contract/enums';
import { cloneElement, createElement, Fragment, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { storageKeys } from '../config/storage-keys';
import { languageTagOf, setActiveLocale } from './locale';
import { storage } from './storage';

/*
 * The app's translation (decision 016). Our messages are flat ids (`error.badCredential`) whose
 * texts take `{{name}}` values and, once, a link inside (<Trans>): a lookup in the active
 * language's bundle. i18next and react-i18next did the same for 18 KB gzip of every first screen.
 */

/** Every message id and its English text; app/messages/message-catalogue.d.ts fills it in. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface MessageCatalogue {}
type PluralForm = 'one' | 'other';
/** `courses.lessons_one` and `courses.lessons_other` are asked for as `courses.lessons` with a count. */
type WithoutPluralForm<Id> = Id extends `${infer Base}_${PluralForm}` ? Base : Id;
/** What `t()` accepts: a typo fails to compile (any string before the catalogue is declared). */
export type MessageId = [keyof MessageCatalogue] extends [never]
  ? string
  : WithoutPluralForm<keyof MessageCatalogue & string> | (keyof MessageCatalogue & string);
export type MessageValues = Readonly<Record<string, string | number>>;
export type TFunction = (id: MessageId, values?: MessageValues) => string;

export type MessageBundle = Record<string, string>;
export type MessageLoader = (locale: Locale) => Promise<MessageBundle>;

const bundles: Partial<Record<Locale, MessageBundle>> = {};
let language: Locale = 'en';
const languageListeners = new Set<() => void>();
const translators = new Map<Locale, TFunction>();

let loadBundle: MessageLoader | null = null;
/** Screens' own messages added so far (addMessages), loaded again in a language switched to. */
const screenLoaders = new Set<MessageLoader>();
const localeListeners = new Set<(locale: Locale) => void>();

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;
/** What a message id looks like (`courses.action.join`), unlike a text passed through as it is. */
const messageIdShape = /^[a-zA-Z]+(?:\.[\w-]+)+$/;

/**
 * Whether a text that arrives at run time (a form library's error, a server's rule) is a message
 * id, by its shape. The compiler cannot know if it has a text: one that has none is reported
 * when it is shown (reportMissing), as any id is.
 */
export function isMessageId(text: string): text is MessageId {
  return messageIdShape.test(text);
}
const reportedMissing = new Set<string>();

/**
 * An id with no text in a language whose messages have arrived: a screen that shows it did not
 * name the bundle that holds it (app/routes.ts). Said once per id, as an error, so the browser
 * journeys' console watch fails on it.
 */
function reportMissing(locale: Locale, id: string) {
  const key = `${locale}:${id}`;
  if (!bundles[locale] || !isMessageId(id) || reportedMissing.has(key)) return;
  reportedMissing.add(key);
  console.error(`No ${locale} text for the message ${id}`);
}

/** A text with its `{{name}}` values put in; a value not given leaves its placeholder showing. */
function interpolate(text: string, values: MessageValues | undefined): string {
  if (!values) return text;
  return text.replace(placeholder, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The translation into one language; an unknown id reads as itself. A `count` value picks the
 * language's plural form (`_one`, `_other`) where the bundle has one. Stable per language.
 */
export function translatorOf(locale: Locale): TFunction {
  let translate = translators.get(locale);
  if (!translate) {
    const plurals = new Intl.PluralRules(languageTagOf(locale));
    translate = (id, values) => {
      const bundle = bundles[locale];
      const count = values?.count;
      const text = (typeof count === 'number' ? bundle?.[`${id}_${plurals.select(count)}`] : undefined) ?? bundle?.[id];
      if (text !== undefined) return interpolate(text, values);
      reportMissing(locale, id);
      return id;
    };
    translators.set(locale, translate);
  }
  return translate;
}

/** Adds messages to a language; a later bundle's text wins for an id both have. */
export function addBundle(locale: Locale, bundle: MessageBundle): void {
  bundles[locale] = { ...bundles[locale], ...bundle };
}

/**
 * Makes a language the one components translate into, re-rendering those on screen. The server's
 * renderer sets it before each page (renders take turns: app/entry-server.tsx).
 */
export function selectLanguage(locale: Locale): void {
  if (locale === language) return;
  language = locale;
  for (const listener of languageListeners) listener();
}

function subscribeLanguage(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

const currentLanguage = () => language;

/** The active language's translation, re-rendering the caller when the learner switches. */
export function useTranslation(): { t: TFunction; locale: Locale } {
  const locale = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  return { t: translatorOf(locale), locale };
}

const tagged = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A message whose text wraps words in tags (`<terms>Terms</terms>`): each tag becomes its
 * element from `components`, holding those words. Tags cannot nest.
 */
export function Trans({ id, components }: { id: MessageId; components: Record<string, ReactElement> }): ReactNode {
  const { t } = useTranslation();
  const text = t(id);
  const parts: ReactNode[] = [];
  let end = 0;
  for (const match of text.matchAll(tagged)) {
    const [whole, name = '', inner = ''] = match;
    parts.push(text.slice(end, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, undefined, inner) : inner);
    end = match.index + whole.length;
  }
  parts.push(text.slice(end));
  return createElement(Fragment, null, ...parts);
}

function applyLocale(locale: Locale) {
  setActiveLocale(locale);
  document.documentElement.lang = languageTagOf(locale);
}

/**
 * Starts with only the active language: the other one is a separate chunk that is fetched when
 * (and if) the learner switches.
 */
export async function startI18n(locale: Locale, load: MessageLoader): Promise<void> {
  loadBundle = load;
  const [bundle, ...screens] = await Promise.all([load(locale), ...[...screenLoaders].map((screen) => screen(locale))]);
  for (const messages of [bundle, ...screens]) addBundle(locale, messages);
  applyLocale(locale);
  selectLanguage(locale);
}

/**
 * Adds a screen's own messages in the active language (before the screen renders: the route
 * table awaits it with the screen's code) and in any language switched to later.
 */
export async function addMessages(load: MessageLoader): Promise<void> {
  screenLoaders.add(load);
  // The first screen's code is asked for before the app's messages: startI18n loads these with them.
  if (!loadBundle) return;
  const locale = language;
  addBundle(locale, await load(locale));
}

/** Switches language, loading its messages first, and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (!bundles[locale]) {
    if (!loadBundle) throw new Error('startI18n must run first');
    addBundle(locale, await loadBundle(locale));
  }
  for (const load of screenLoaders) addBundle(locale, await load(locale));
  storage.set(storageKeys.locale, locale);
  applyLocale(locale);
  selectLanguage(locale);
  for (const listener of localeListeners) listener(locale);
}

/** Lets server-state code refetch localized content after a switch. */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  localeListeners.add(listener);
  return () => localeListeners.delete(listener);
}

/** Translation for code outside React, with its `{{name}}` values; undefined when the id is unknown. */
export function translateIfKnown(id: string, values?: MessageValues): string | undefined {
  return bundles[language]?.[id] === undefined ? undefined : translatorOf(language)(id as MessageId, values);
}
