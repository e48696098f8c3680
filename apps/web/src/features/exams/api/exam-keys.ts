/** Query keys of the exam screens. */
export const examKeys = {
  all: ['exams'] as const,
  lists: () => [...examKeys.all, 'list'] as const,
  list: (keyword: string | undefined) => [...examKeys.lists(), { keyword }] as const,
  detail: (uid: string) => [...examKeys.all, 'detail', uid] as const,
  result: (attemptId: number) => [...examKeys.all, 'result', attemptId] as const,
};
