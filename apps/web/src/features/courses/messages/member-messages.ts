import type { MessageLoader } from '../../../lib/i18n';

/**
 * The texts of a course's members-only tabs, ratings, questions, notes and lectures, fetched with
 * those screens and tabs instead of with every first screen.
 */
export const courseMemberMessages: MessageLoader = (locale) =>
  locale === 'cn' ? import('./member-cn').then((m) => m.cn) : import('./member-en').then((m) => m.en);
