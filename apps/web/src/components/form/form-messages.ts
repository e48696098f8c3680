import type { MessageLoader } from '../../lib/i18n';

/**
 * What a screen with a form adds to its language's messages: the validation rules' texts and
 * the form pieces' own. The route table loads them with those screens (and a lazy tab with a
 * form asks for them itself), so no first screen without a form downloads them.
 */
export const formMessages: MessageLoader = (locale) =>
  locale === 'cn' ? import('../messages/form-cn').then((m) => m.cn) : import('../messages/form-en').then((m) => m.en);
