import type { Locale } from '@school/contract/enums';
import type { en as searchEn } from '../../features/search/messages/en';
import type { en as microPageEn } from '../../features/micro-page/messages/en';
import type { en as articlesEn } from '../../features/articles/messages/en';
import type { en as customPageEn } from '../../features/custom-page/messages/en';
import type { en as agreementsEn } from '../../features/agreements/messages/en';
import type { en as formEn } from '../../components/messages/form-en';
import type { en as accountEn } from './account-en';
import type { en as courseMemberEn } from '../../features/courses/messages/member-en';
import type { en as classroomsEn } from '../../features/classrooms/messages/en';
import type { en as examTakingEn } from '../../features/exam-taking/messages/en';
import type { en as examsEn } from '../../features/exams/messages/en';
import type { en as learningCenterEn } from '../../features/learning-center/messages/en';
import type { en as lessonsEn } from '../../features/lessons/messages/en';
import type { en as ordersEn } from '../../features/orders/messages/en';
import type { en as tailwindDemoEn } from '../../features/tailwind-demo/messages/en';
import type { MessageLoader } from '../../lib/i18n';

// The course detail's lazy tabs ask for these themselves; the route table and the server's renderer find them here.
export { courseMemberMessages } from '../../features/courses/messages/member-messages';
export { formMessages } from '../../components/form/form-messages';

/*
 * Messages that only their own screens use, downloaded with those screens instead of with
 * every first screen (they would push the first screens past their byte budget). The route
 * table loads them beside the screen's code (lib/i18n addMessages), in the active language and,
 * after a switch, in the other.
 */

export type ScreenMessages = typeof accountEn &
  typeof formEn &
  typeof searchEn &
  typeof microPageEn &
  typeof articlesEn &
  typeof customPageEn &
  typeof agreementsEn &
  typeof courseMemberEn &
  typeof lessonsEn &
  typeof examTakingEn &
  typeof examsEn &
  typeof classroomsEn &
  typeof learningCenterEn &
  typeof ordersEn &
  typeof tailwindDemoEn;

export const lessonMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/lessons/messages/cn').then((m) => m.cn)
    : import('../../features/lessons/messages/en').then((m) => m.en);

export const examTakingMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/exam-taking/messages/cn').then((m) => m.cn)
    : import('../../features/exam-taking/messages/en').then((m) => m.en);

export const examMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/exams/messages/cn').then((m) => m.cn)
    : import('../../features/exams/messages/en').then((m) => m.en);

export const classroomMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/classrooms/messages/cn').then((m) => m.cn)
    : import('../../features/classrooms/messages/en').then((m) => m.en);

export const learningCenterMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/learning-center/messages/cn').then((m) => m.cn)
    : import('../../features/learning-center/messages/en').then((m) => m.en);

export const orderMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/orders/messages/cn').then((m) => m.cn)
    : import('../../features/orders/messages/en').then((m) => m.en);

export const tailwindDemoMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/tailwind-demo/messages/cn').then((m) => m.cn)
    : import('../../features/tailwind-demo/messages/en').then((m) => m.en);

export const accountMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn' ? import('./account-cn').then((m) => m.cn) : import('./account-en').then((m) => m.en);

export const searchMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/search/messages/cn').then((m) => m.cn)
    : import('../../features/search/messages/en').then((m) => m.en);

export const microPageMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/micro-page/messages/cn').then((m) => m.cn)
    : import('../../features/micro-page/messages/en').then((m) => m.en);

export const articleMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/articles/messages/cn').then((m) => m.cn)
    : import('../../features/articles/messages/en').then((m) => m.en);

export const customPageMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/custom-page/messages/cn').then((m) => m.cn)
    : import('../../features/custom-page/messages/en').then((m) => m.en);

export const agreementMessages: MessageLoader = (locale: Locale) =>
  locale === 'cn'
    ? import('../../features/agreements/messages/cn').then((m) => m.cn)
    : import('../../features/agreements/messages/en').then((m) => m.en);
