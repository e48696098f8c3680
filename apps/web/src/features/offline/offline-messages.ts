import type { MessageLoader } from '../../lib/i18n';

/** This feature's texts, loaded from here, not through the message registry (it sits in the first screens' chunk). */
export const offlineMessages: MessageLoader = (locale) =>
  locale === 'cn' ? import('./messages/cn').then((m) => m.cn) : import('./messages/en').then((m) => m.en);
