import { nextPageParam } from '../../../components/catalogue/page-param';

/** Whose lists: the signed-in learner's id, so one learner never sees another's cached answer. */
export type Viewer = number;

/** Query keys of the learning centre: one list per tab and learner. */
export const learningKeys = {
  all: ['learning'] as const,
  courses: (viewer: Viewer) => [...learningKeys.all, 'courses', viewer] as const,
  classrooms: (viewer: Viewer) => [...learningKeys.all, 'classrooms', viewer] as const,
  exams: (viewer: Viewer) => [...learningKeys.all, 'exams', viewer] as const,
  statistics: (viewer: Viewer) => [...learningKeys.all, 'statistics', viewer] as const,
  schedule: (viewer: Viewer) => [...learningKeys.all, 'schedule', viewer] as const,
  calendarFeed: (viewer: Viewer) => [...learningKeys.all, 'calendar-feed', viewer] as const,
};

export const learningPageSize = 10;

/**
 * Paging shared by the three lists. Never fresh for long: progress moves while the learner is
 * in a lesson, so coming back to the centre asks again (the old page shows meanwhile).
 */
export const learningListPaging = {
  initialPageParam: 1,
  getNextPageParam: nextPageParam,
  staleTime: 0,
};
