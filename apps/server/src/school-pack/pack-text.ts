import { stringify } from 'yaml';
import type { LocalizedText } from '../lib/localized-text.js';
import { sanitizeRichText } from '../lib/rich-text.js';
import type { PackText } from './pack-schema.js';

/*
 * Texts between the pack's form and the database's: a pack may give one string for both
 * languages or one language alone (then used for both); the database keeps both. Export writes a
 * text the same in both languages as one string.
 */

export function toLocalized(text: PackText): LocalizedText {
  if (typeof text === 'string') return { cn: text, en: text };
  const cn = text.cn ?? text.en ?? '';
  return { cn, en: text.en ?? cn };
}

/** A school's HTML, sanitized in each language as it is stored. */
export function richText(text: PackText): LocalizedText {
  const localized = toLocalized(text);
  return { cn: sanitizeRichText(localized.cn), en: sanitizeRichText(localized.en) };
}

export const fromLocalized = (text: LocalizedText): PackText =>
  text.cn === text.en ? text.cn : { cn: text.cn, en: text.en };

/** A text the pack leaves out: none, or empty in both languages. */
export const isEmpty = (text: LocalizedText | null) => text === null || (text.cn === '' && text.en === '');

/** A moment as the pack writes it: ISO 8601 in UTC, without milliseconds when there are none. */
export const moment = (date: Date) => date.toISOString().replace('.000Z', 'Z');

/** Cents as the pack's yuan or dollars. */
export const money = (cents: number) => cents / 100;

const isPackText = (value: unknown): value is Exclude<PackText, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([key, item]) => (key === 'cn' || key === 'en') && typeof item === 'string');

/**
 * A micro page component from the pack to the stored form: every text of `textKeys` becomes
 * `{ cn, en }` (the stored components keep texts as such objects anywhere inside).
 */
export function componentToStored(value: unknown, textKeys: ReadonlySet<string>, key = ''): unknown {
  if (textKeys.has(key) && (typeof value === 'string' || isPackText(value))) return toLocalized(value);
  if (Array.isArray(value)) return value.map((item) => componentToStored(item, textKeys));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, componentToStored(item, textKeys, k)]));
  }
  return value;
}

/**
 * The keys of every component kind in the order the pack's schema gives them (JSONB keeps its
 * own order): an exported page reads like a written one.
 */
const componentKeyOrder = [
  'kind',
  'audience',
  'title',
  'placeholder',
  'html',
  'image',
  'icon',
  'alt',
  'label',
  'link',
  'aspectRatio',
  'rule',
  'limit',
  'items',
];
const keyRank = (key: string) => {
  const rank = componentKeyOrder.indexOf(key);
  return rank === -1 ? componentKeyOrder.length : rank;
};

/** The stored component back in the pack's form. */
export function componentFromStored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(componentFromStored);
  if (typeof value !== 'object' || value === null) return value;
  if (isPackText(value) && Object.keys(value).length === 2) return fromLocalized(value as LocalizedText);
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => keyRank(a) - keyRank(b))
      .map(([k, item]) => [k, componentFromStored(item)]),
  );
}

/** A pack file's YAML text, quoted as the repository's Prettier quotes YAML: a committed pack stays as exported. */
export const yaml = (value: unknown) => stringify(value, { lineWidth: 0, singleQuote: true });
