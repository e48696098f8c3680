import type { Locale } from '@school/contract/enums';

/** A text a school writes in both languages; stored as JSON, localized on output. */
export interface LocalizedText {
  cn: string;
  en: string;
}

export function localize(text: LocalizedText, locale: Locale): string {
  // A school may fill in only one language; showing the other beats showing nothing.
  return text[locale] || text.cn || text.en || '';
}

function isLocalizedText(value: unknown): value is LocalizedText {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof (value as Record<string, unknown>).cn === 'string' &&
    typeof (value as Record<string, unknown>).en === 'string'
  );
}

/**
 * Replaces every `{ cn, en }` object inside a stored JSON document (micro page components)
 * by the text of one language, so decorations can hold localized strings anywhere.
 */
export function localizeDeep(value: unknown, locale: Locale): unknown {
  if (isLocalizedText(value)) return localize(value, locale);
  if (Array.isArray(value)) return value.map((item) => localizeDeep(item, locale));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localizeDeep(item, locale)]));
  }
  return value;
}

/**
 * Picks the language of a response from Accept-Language: Chinese for any `zh*` tag (and for
 * our own `cn` id, which the web app may send as is), English otherwise. The tag with the
 * highest quality wins; ties keep the header's order.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  let best: { tag: string; q: number } | null = null;
  for (const part of header.split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag || tag === '*') continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim() === 'q' && value !== undefined) {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (q > 0 && (best === null || q > best.q)) best = { tag, q };
  }
  if (best === null) return 'en';
  return best.tag.startsWith('zh') || best.tag === 'cn' ? 'cn' : 'en';
}
