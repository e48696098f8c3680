import { parseListQuery, type ListQueryChange } from '../../../lib/list-query';
import type { ClassroomListFilters } from '../api/classroom-keys';

export { defaultSort, withListQuery as withClassroomFilters } from '../../../lib/list-query';

/** Classrooms filter by category, keyword and sort (they have no tags). */
export function parseClassroomFilters(params: URLSearchParams): ClassroomListFilters {
  return parseListQuery(params, ['categoryId']);
}

export type ClassroomFilterChange = Omit<ListQueryChange, 'tagId'>;
