import type { ProductSortKey } from '@school/contract/enums';

/** The list filters a learner can change; paging is the infinite query's own business. */
export interface ClassroomListFilters {
  keyword?: string;
  categoryId?: number;
  sort?: ProductSortKey;
}

/**
 * Query keys of the classroom screens. Everything under `detail(uid)` belongs to one classroom,
 * so joining or commenting can refresh the classroom and its lists in one invalidation.
 */
export const classroomKeys = {
  all: ['classrooms'] as const,
  categories: () => [...classroomKeys.all, 'categories'] as const,
  lists: () => [...classroomKeys.all, 'list'] as const,
  list: (filters: ClassroomListFilters) => [...classroomKeys.lists(), filters] as const,
  detail: (uid: string) => [...classroomKeys.all, 'detail', uid] as const,
  comments: (uid: string) => [...classroomKeys.detail(uid), 'comments'] as const,
  commentSummary: (uid: string) => [...classroomKeys.detail(uid), 'comment-summary'] as const,
  announcements: (uid: string) => [...classroomKeys.detail(uid), 'announcements'] as const,
  announcement: (uid: string, id: number) => [...classroomKeys.detail(uid), 'announcement', id] as const,
};
