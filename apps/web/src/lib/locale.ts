import type { Locale } from '@school/contract/enums';

/**
 * docs/product.md#languages: the stored locale wins; otherwise a browser language starting with `zh` means
 * Chinese, anything else English.
 */
export function detectLocale(stored: unknown, browserLanguage: string | undefined): Locale {
  if (stored === 'cn' || stored === 'en') return stored;
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'cn' : 'en';
}

/** BCP 47 tag for `<html lang>` and the Accept-Language header. */
export function languageTagOf(locale: Locale): 'zh-CN' | 'en' {
  return locale === 'cn' ? 'zh-CN' : 'en';
}

let active: Locale = 'en';

export function activeLocale(): Locale {
  return active;
}

export function setActiveLocale(locale: Locale): void {
  active = locale;
}
