import { cn as examsCn } from '../../features/exams/messages/cn';
import { en as examsEn } from '../../features/exams/messages/en';
import { cn as classroomsCn } from '../../features/classrooms/messages/cn';
import { en as classroomsEn } from '../../features/classrooms/messages/en';
import { cn as learningCenterCn } from '../../features/learning-center/messages/cn';
import { en as learningCenterEn } from '../../features/learning-center/messages/en';
import { cn as examTakingCn } from '../../features/exam-taking/messages/cn';
import { en as examTakingEn } from '../../features/exam-taking/messages/en';
import { cn as lessonsCn } from '../../features/lessons/messages/cn';
import { cn as ordersCn } from '../../features/orders/messages/cn';
import { en as ordersEn } from '../../features/orders/messages/en';
import { en as lessonsEn } from '../../features/lessons/messages/en';
import { cn as accountCn } from './account-cn';
import { en as accountEn } from './account-en';
import { cn as courseMemberCn } from '../../features/courses/messages/member-cn';
import { en as courseMemberEn } from '../../features/courses/messages/member-en';
import { cn as searchCn } from '../../features/search/messages/cn';
import { en as searchEn } from '../../features/search/messages/en';
import { cn as microPageCn } from '../../features/micro-page/messages/cn';
import { en as microPageEn } from '../../features/micro-page/messages/en';
import { cn as articlesCn } from '../../features/articles/messages/cn';
import { en as articlesEn } from '../../features/articles/messages/en';
import { cn as customPageCn } from '../../features/custom-page/messages/cn';
import { en as customPageEn } from '../../features/custom-page/messages/en';
import { cn as agreementsCn } from '../../features/agreements/messages/cn';
import { en as agreementsEn } from '../../features/agreements/messages/en';
import { cn as formCn } from '../../components/messages/form-cn';
import { en as formEn } from '../../components/messages/form-en';
import coreCn from './bundle-cn';
import coreEn from './bundle-en';

/**
 * Every message of a language at once, the screens' own included: for tests, which render any
 * screen without the route table that loads a screen's messages beside it.
 */
export const allMessages = {
  en: {
    ...coreEn,
    ...accountEn,
    ...formEn,
    ...searchEn,
    ...microPageEn,
    ...articlesEn,
    ...customPageEn,
    ...agreementsEn,
    ...courseMemberEn,
    ...lessonsEn,
    ...examTakingEn,
    ...examsEn,
    ...classroomsEn,
    ...learningCenterEn,
    ...ordersEn,
  },
  cn: {
    ...coreCn,
    ...accountCn,
    ...formCn,
    ...searchCn,
    ...microPageCn,
    ...articlesCn,
    ...customPageCn,
    ...agreementsCn,
    ...courseMemberCn,
    ...lessonsCn,
    ...examTakingCn,
    ...examsCn,
    ...classroomsCn,
    ...learningCenterCn,
    ...ordersCn,
  },
};

/** The screens' own messages, per feature, in both languages (the message tests compare them). */
export const screenMessagePairs = {
  account: { en: accountEn, cn: accountCn },
  form: { en: formEn, cn: formCn },
  search: { en: searchEn, cn: searchCn },
  microPage: { en: microPageEn, cn: microPageCn },
  articles: { en: articlesEn, cn: articlesCn },
  customPage: { en: customPageEn, cn: customPageCn },
  agreements: { en: agreementsEn, cn: agreementsCn },
  courseMember: { en: courseMemberEn, cn: courseMemberCn },
  lessons: { en: lessonsEn, cn: lessonsCn },
  examTaking: { en: examTakingEn, cn: examTakingCn },
  exams: { en: examsEn, cn: examsCn },
  classrooms: { en: classroomsEn, cn: classroomsCn },
  learningCenter: { en: learningCenterEn, cn: learningCenterCn },
  orders: { en: ordersEn, cn: ordersCn },
};
