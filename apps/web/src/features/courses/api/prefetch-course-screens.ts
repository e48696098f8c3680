import { preloadImages, type ScreenPrefetch } from '../../../lib/screen-prefetch';
import { session } from '../../../lib/session';
import { parseCourseFilters } from '../logic/course-filters';
import { courseQueryOptions } from './get-course';
import { courseCategoriesQueryOptions } from './get-course-categories';
import { courseTagsQueryOptions } from './get-course-tags';
import { coursesInfiniteQueryOptions } from './get-courses';

/*
 * What the course screens ask for first, started by app start-up before the screens' code has
 * arrived (see ScreenPrefetch). Kept apart from the screens so the first-screen chunk holds only
 * these few lines, not the screens.
 */

/** Covers above the fold on a phone: the list's largest paint. */
export const courseListEagerCovers = 3;

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
