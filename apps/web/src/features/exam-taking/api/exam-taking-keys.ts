/** Query keys of the answering screens (per learner: an attempt is the caller's own). */
export const examTakingKeys = {
  all: ['exam-taking'] as const,
  examAttempt: (uid: string, viewer: number) => [...examTakingKeys.all, 'exam', uid, viewer] as const,
  homework: (lessonId: number, id: number, viewer: number) =>
    [...examTakingKeys.all, 'homework', lessonId, id, viewer] as const,
  homeworkResult: (attemptId: number) => [...examTakingKeys.all, 'homework-result', attemptId] as const,
  practice: (exam: string | undefined, viewer: number) =>
    [...examTakingKeys.all, 'practice', { exam }, viewer] as const,
};
