import type { Locale } from '@school/contract/enums';
import type { en as classroomsEn } from '../../features/classrooms/messages/en';
import type { en as examTakingEn } from '../../features/exam-taking/messages/en';
import type { en as examsEn } from '../../features/exams/messages/en';
import type { en as learningCenterEn } from '../../features/learning-center/messages/en';
import type { en as lessonsEn } from '../../features/lessons/messages/en';
import type { en as ordersEn } from '../../features/orders/messages/en';
import type { en as tailwindDemoEn } from '../../features/tailwind-demo/messages/en';
import type { MessageLoader } from '../../lib/i18n';

/*
 * Messages that only their own screens use, downloaded with those screens instead of with
 * every first screen (they would push the first screens past their byte budget). The route
 * table loads them beside the screen's code (lib/i18n addMessages), in the active language and,
 * after a switch, in the other.
 */

export type ScreenMessages = typeof lessonsEn &
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
