import { nextPageParam } from '../../../components/catalogue/page-param';

/** Whose notifications: the signed-in learner's id, so one learner never sees another's cached answer. */
export type Viewer = number;

/** Query keys: the list and the unread count, per learner, under one prefix so a change refreshes both. */
export const notificationKeys = {
  all: ['notifications'] as const,
  of: (viewer: Viewer) => [...notificationKeys.all, viewer] as const,
  list: (viewer: Viewer) => [...notificationKeys.of(viewer), 'list'] as const,
  unread: (viewer: Viewer) => [...notificationKeys.of(viewer), 'unread'] as const,
};

export const notificationPageSize = 20;

export const notificationPaging = {
  initialPageParam: 1,
  getNextPageParam: nextPageParam,
  // New ones arrive while the learner is elsewhere: coming back asks again.
  staleTime: 0,
};
