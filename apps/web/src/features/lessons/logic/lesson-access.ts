import type { LessonDetail } from '@school/contract/lessons';

/** Progress, notes and registration are kept for members studying the lesson itself, not a preview. */
export function isStudying(lesson: Pick<LessonDetail, 'trial' | 'refusal' | 'content' | 'membership'>): boolean {
  return !lesson.trial && lesson.refusal === null && lesson.content !== null && lesson.membership !== null;
}

/** What the course's call to action offers a learner who cannot study the lesson. */
export type CourseOffer = 'join' | 'buy' | 'renew' | 'view';

/**
 * Free courses are joined and paid ones bought, both on the course's page. An expired member
 * of a paid course buys again; of a free one cannot rejoin (the course page explains), so the
 * button only leads there.
 */
export function courseOffer(lesson: Pick<LessonDetail, 'course' | 'membership'>): CourseOffer {
  const free = lesson.course.price.amount === 0;
  if (lesson.membership?.expired) return free ? 'view' : 'renew';
  return free ? 'join' : 'buy';
}

/** The player's two addresses: /lessons/:id (members, login required) and /lessons/:id/try/play. */
export type PlayerMode = 'learn' | 'try';

/**
 * Where another lesson (outline, previous / next) opens: a visitor previewing stays on preview
 * addresses, where a lesson without a preview explains itself instead of asking to log in.
 */
export function lessonRouteName(mode: PlayerMode): 'lessonLearn' | 'lessonTryPlay' {
  return mode === 'try' ? 'lessonTryPlay' : 'lessonLearn';
}
