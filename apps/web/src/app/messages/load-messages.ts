import type { Locale } from '@school/contract/enums';
import type { MessageBundle } from '../../lib/i18n';

/** One dynamic import per language, so only the active one is downloaded. */
export function loadMessages(locale: Locale): Promise<MessageBundle> {
  return locale === 'cn'
    ? import('./registry/bundle-cn').then((module) => module.default)
    : import('./registry/bundle-en').then((module) => module.default);
}
