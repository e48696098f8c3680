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
import coreCn from './bundle-cn';
import coreEn from './bundle-en';

/**
 * Every message of a language at once, the screens' own included: for tests, which render any
 * screen without the route table that loads a screen's messages beside it.
 */
export const allMessages = {
  en: { ...coreEn, ...lessonsEn, ...examTakingEn, ...examsEn, ...classroomsEn, ...learningCenterEn, ...ordersEn },
  cn: { ...coreCn, ...lessonsCn, ...examTakingCn, ...examsCn, ...classroomsCn, ...learningCenterCn, ...ordersCn },
};

/** The screens' own messages, per feature, in both languages (the message tests compare them). */
export const screenMessagePairs = {
  lessons: { en: lessonsEn, cn: lessonsCn },
  examTaking: { en: examTakingEn, cn: examTakingCn },
  exams: { en: examsEn, cn: examsCn },
  classrooms: { en: classroomsEn, cn: classroomsCn },
  learningCenter: { en: learningCenterEn, cn: learningCenterCn },
  orders: { en: ordersEn, cn: ordersCn },
};
