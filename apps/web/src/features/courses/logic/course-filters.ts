import { parseListQuery, withListQuery, type ListQuery, type ListQueryChange } from '../../../lib/list-query';

export { defaultSort, sortOf } from '../../../lib/list-query';

/** What the course list is filtered and sorted by, as kept in the URL query. */
export type CourseListFilters = ListQuery;
export type CourseFilterChange = ListQueryChange;

/** Courses filter by category, tag and price as well as keyword and sort. */
export const parseCourseFilters = (params: URLSearchParams): CourseListFilters =>
  parseListQuery(params, ['categoryId', 'tagId'], true);

export const withCourseFilters = withListQuery;
