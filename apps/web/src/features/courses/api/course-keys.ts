import type { MyThreadRole } from '@school/contract/courses';
import type { CourseListFilters } from '../logic/course-filters';

/** Who is looking: member-only fields of an answer differ per learner (0 = anonymous). */
export type Viewer = number;

/**
 * Query keys of the course screens. Everything under `detail(uid)` belongs to one course, so
 * joining or commenting refreshes the course and its lists with one invalidation.
 */
export const courseKeys = {
  all: ['courses'] as const,
  categories: () => [...courseKeys.all, 'categories'] as const,
  tags: () => [...courseKeys.all, 'tags'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  list: (filters: CourseListFilters) => [...courseKeys.lists(), filters] as const,
  detail: (uid: string) => [...courseKeys.all, 'detail', uid] as const,
  info: (uid: string, viewer: Viewer) => [...courseKeys.detail(uid), 'info', viewer] as const,
  comments: (uid: string) => [...courseKeys.detail(uid), 'comments'] as const,
  commentSummary: (uid: string, viewer: Viewer) => [...courseKeys.detail(uid), 'comment-summary', viewer] as const,
  notes: (uid: string) => [...courseKeys.detail(uid), 'notes'] as const,
  threads: (uid: string) => [...courseKeys.detail(uid), 'threads'] as const,
  thread: (uid: string, id: number) => [...courseKeys.threads(uid), id] as const,
  lectures: (uid: string) => [...courseKeys.detail(uid), 'lectures'] as const,
  lecture: (uid: string, id: number) => [...courseKeys.lectures(uid), id] as const,
  /** A note is reached by its id alone (its course is in the answer). */
  note: (id: number) => [...courseKeys.all, 'note', id] as const,
  /** Me → My notes, across courses. */
  myNotes: () => [...courseKeys.all, 'my-notes'] as const,
  /** Me → My Q&A: asking, answering, changing or deleting refreshes both tabs. */
  myThreads: () => [...courseKeys.all, 'my-threads'] as const,
  myThreadsAs: (role: MyThreadRole) => [...courseKeys.myThreads(), role] as const,
};
