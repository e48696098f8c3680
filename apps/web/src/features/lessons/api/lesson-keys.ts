/** Who is looking: membership, progress and refusals differ per learner (0 = anonymous). */
export type Viewer = number;

/** Query keys of the lesson player. */
export const lessonKeys = {
  all: ['lessons'] as const,
  detail: (id: number) => [...lessonKeys.all, 'detail', id] as const,
  info: (id: number, viewer: Viewer) => [...lessonKeys.detail(id), viewer] as const,
};

/**
 * The prefix of everything the course screens cache about one course (their key factory's
 * `detail(uid)`: ['courses', 'detail', uid]). Features do not import each other, so the lesson
 * player names the prefix to refresh the course's progress, syllabus and notes after it changes them.
 */
export const courseCacheKey = (uid: string) => ['courses', 'detail', uid] as const;
