import type { CourseDetail, SyllabusLesson } from '@school/contract/courses';

/**
 * The bottom bar's one action, decided from the course and the viewer's membership:
 * - DRAFT: "coming soon", disabled (closed or unpublished courses never get this far: 403);
 * - a member within validity: start (never opened a lesson) or continue, at the last lesson or
 *   else the first; disabled when the course has no lesson yet;
 * - a non-member (or expired member) of a free course: join (login first when anonymous);
 * - of a paid course: buy, which goes to the order confirmation.
 */
export type CourseAction =
  | { kind: 'comingSoon' }
  | { kind: 'start'; lessonId: number }
  | { kind: 'continue'; lessonId: number }
  | { kind: 'noLessons' }
  | { kind: 'expired' }
  | { kind: 'join' }
  | { kind: 'buy' };

type ActionInput = Pick<CourseDetail, 'status' | 'price' | 'membership' | 'firstLessonId'>;

export function courseAction(course: ActionInput): CourseAction {
  if (course.status !== 'PUBLISHED') return { kind: 'comingSoon' };
  const { membership } = course;
  const free = course.price.amount === 0;
  if (membership && !membership.expired) {
    if (membership.lastLessonId !== null) return { kind: 'continue', lessonId: membership.lastLessonId };
    if (course.firstLessonId !== null) return { kind: 'start', lessonId: course.firstLessonId };
    return { kind: 'noLessons' };
  }
  // An expired free membership cannot be renewed by joining again (the server answers
  // memberExisted); a paid one is renewed by buying again.
  if (membership && free) return { kind: 'expired' };
  return free ? { kind: 'join' } : { kind: 'buy' };
}

/** A member whose validity has not ended. */
export function isActiveMember(course: Pick<CourseDetail, 'membership'>): boolean {
  return course.membership !== null && !course.membership.expired;
}

/**
 * Where a syllabus lesson leads: the lesson itself for active members, the free trial for
 * everyone else when the lesson has one, nowhere when it is locked.
 */
export function lessonTarget(
  lesson: Pick<SyllabusLesson, 'locked' | 'freeTrial'>,
  activeMember: boolean,
): 'lessonLearn' | 'lessonTryPlay' | null {
  if (activeMember && !lesson.locked) return 'lessonLearn';
  if (lesson.freeTrial) return 'lessonTryPlay';
  return null;
}

/** Why a member-only tab shows nothing: sign in first, or join first. */
export type MemberTabAccess = 'allowed' | 'login' | 'join';

export function memberTabAccess(signedIn: boolean, course: Pick<CourseDetail, 'membership'>): MemberTabAccess {
  if (!signedIn) return 'login';
  return course.membership ? 'allowed' : 'join';
}
