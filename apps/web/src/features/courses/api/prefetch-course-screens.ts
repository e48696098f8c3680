import { preloadImages, type ScreenPrefetch } from '../../../lib/screen-prefetch';
import { session } from '../../../lib/session';
import { parseCourseFilters } from '../logic/course-filters';
import { courseQueryOptions } from './get-course';
import { courseCategoriesQueryOptions } from './get-course-categories';
import { courseTagsQueryOptions } from './get-course-tags';
import { courseListEagerCovers, coursesInfiniteQueryOptions } from './get-courses';

/*
 * What the course screens ask for first, started by app start-up beside the screens' code when
 * the server did not render them (see ScreenPrefetch and app/routes.ts).
 */

/** /courses: the first page of the filtered list, the category tree and the tags. */
export const prefetchCourseList: ScreenPrefetch = (client, { search }) => {
  const list = coursesInfiniteQueryOptions(parseCourseFilters(search));
  void client.prefetchInfiniteQuery(list).then(() => {
    const items = client.getQueryData(list.queryKey)?.pages[0]?.items ?? [];
    preloadImages(items.slice(0, courseListEagerCovers).map((course) => course.cover));
  });
  void client.prefetchQuery(courseCategoriesQueryOptions());
  void client.prefetchQuery(courseTagsQueryOptions());
};

/** /courses/:uid: the course as the stored learner (or a visitor) sees it, and its cover. */
export const prefetchCourseDetail: ScreenPrefetch = (client, { params }) => {
  if (!params.uid) return;
  const course = courseQueryOptions(params.uid, session.user()?.id ?? 0);
  void client.prefetchQuery(course).then(() => preloadImages([client.getQueryData(course.queryKey)?.cover]));
};
