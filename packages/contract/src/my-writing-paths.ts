/**
 * Paths of Me → My notes and My Q&A, apart from apiPaths: apiPaths is in the web app's first
 * chunk, and only these lazy screens call them.
 */
export const myWritingPaths = {
  /** GET: the learner's notes across the school's courses, newest first. */
  notes: '/api/me/notes',
  /** GET `?role=asked|answered`: the questions the learner asked, or answered, across courses. */
  threads: '/api/me/threads',
} as const;
