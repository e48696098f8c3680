import type { SyllabusChapter, SyllabusLesson } from '@school/contract/courses';
import type { LearningStatus, Locale, MediaType } from '@school/contract/enums';
import { localize, type LocalizedText } from './localized-text.js';

export interface SyllabusChapterRow {
  id: number;
  title: LocalizedText;
}

/** Published lessons in course order: chapter by chapter, then the lesson's own order. */
export interface SyllabusLessonRow {
  id: number;
  chapterId: number;
  title: LocalizedText;
  mediaType: MediaType;
  duration: number | null;
  freeTrial: boolean;
}

export interface SyllabusInput {
  chapters: SyllabusChapterRow[];
  lessons: SyllabusLessonRow[];
  /** The caller's status per lesson; null when not a member. */
  learnings: Map<number, LearningStatus> | null;
  /** A member whose membership runs. */
  canStudy: boolean;
  /** Learn-in-order course: a lesson opens once every lesson before it is completed. */
  learnInOrder: boolean;
  locale: Locale;
}

export interface Syllabus {
  chapters: SyllabusChapter[];
  /** Every lesson in the order a learner meets them. */
  ordered: SyllabusLesson[];
  /** For a learn-in-order course: the first earlier lesson not yet completed, else null. */
  blockingLessonOf(lessonId: number): SyllabusLesson | null;
  /**
   * The membership with its last lesson only while the outline lists it, else none: that lesson
   * may have been unpublished since, and "continue learning" must not lead to a lesson that is
   * not there (the screens start from the first lesson instead).
   */
  withListedLastLesson<M extends { lastLessonId: number | null }>(membership: M): M;
}

/**
 * The course outline as the caller sees it: numbered lessons with their status and whether the
 * caller may open them. One rule for the course detail and the lesson player (decision 011).
 */
export function buildSyllabus(input: SyllabusInput): Syllabus {
  const byChapter = new Map<number, SyllabusLessonRow[]>();
  for (const lesson of input.lessons) {
    const list = byChapter.get(lesson.chapterId) ?? [];
    list.push(lesson);
    byChapter.set(lesson.chapterId, list);
  }
  const ordered: SyllabusLesson[] = [];
  const blocking = new Map<number, SyllabusLesson | null>();
  let firstIncomplete: SyllabusLesson | null = null;
  // The lessons are the published ones: a chapter without any was taken out of the school's
  // pack, or all its lessons were, so it is neither listed nor numbered.
  const listedChapters = input.chapters.filter((chapter) => byChapter.has(chapter.id));
  const chapters = listedChapters.map((chapter, index) => ({
    id: chapter.id,
    number: index + 1,
    title: localize(chapter.title, input.locale),
    lessons: byChapter.get(chapter.id)!.map((row) => {
      const status = input.learnings === null ? null : (input.learnings.get(row.id) ?? 'NOT_STARTED');
      const orderLock = input.learnInOrder ? firstIncomplete : null;
      const lesson: SyllabusLesson = {
        id: row.id,
        number: ordered.length + 1,
        title: localize(row.title, input.locale),
        mediaType: row.mediaType,
        duration: row.duration,
        freeTrial: row.freeTrial,
        locked: input.canStudy ? orderLock !== null : !row.freeTrial,
        learningStatus: status,
      };
      blocking.set(row.id, orderLock);
      if (firstIncomplete === null && status !== 'COMPLETED') firstIncomplete = lesson;
      ordered.push(lesson);
      return lesson;
    }),
  }));
  const listedIds = new Set(ordered.map((lesson) => lesson.id));
  return {
    chapters,
    ordered,
    blockingLessonOf: (lessonId) => blocking.get(lessonId) ?? null,
    withListedLastLesson: (membership) =>
      membership.lastLessonId === null || listedIds.has(membership.lastLessonId)
        ? membership
        : { ...membership, lastLessonId: null },
  };
}
