import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ProductCardSkeleton } from '../../../components/catalogue/product-card';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { InboxIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { courseListEagerCovers, useCourses } from '../api/get-courses';
import { parseCourseFilters, withCourseFilters, type CourseFilterChange } from '../logic/course-filters';
import { CourseCard } from './course-card';
import { CourseFilterBar } from './course-filter-bar';

/**
 * /courses: search, category tree, tags and sort over an endless list. Every filter lives in
 * the URL query (`categoryId` preselects a category), so back/forward and shared links work.
 */
export default function CourseListScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseCourseFilters(params), [params]);
  const courses = useCourses(filters);
  const filtered = Object.keys(filters).some((key) => key !== 'sort');

  const change = (next: CourseFilterChange, replace = false) => {
    const updated = withCourseFilters(params, next);
    // Enter on the same keyword, or a chip tapped twice, is no new place to go back to.
    if (updated.toString() !== params.toString()) setParams(updated, { replace });
  };

  return (
    <ScreenLayout title={t('route.courseList')}>
      <CourseFilterBar filters={filters} onChange={change} />
      <div className="p-3">
        {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
        <h2 className="sr-only">{t('courses.list.label')}</h2>
        <InfiniteList
          query={courses}
          label={t('courses.list.label')}
          itemKey={(course) => course.uid}
          renderItem={(course, index) => <CourseCard course={course} eager={index < courseListEagerCovers} />}
          className="space-y-3"
          testId="course-list"
          skeleton={
            <div className="space-y-3">
              {Array.from({ length: 4 }, (_, index) => (
                <ProductCardSkeleton key={index} />
              ))}
            </div>
          }
          empty={
            <StateMessage
              icon={<InboxIcon />}
              title={t('courses.list.empty')}
              description={filtered ? t('courses.list.emptyHint') : undefined}
              action={
                filtered ? (
                  <button
                    type="button"
                    onClick={() =>
                      change({ keyword: undefined, categoryId: undefined, tagId: undefined, price: undefined })
                    }
                    className="rounded-full border border-line bg-surface px-5 py-2 text-sm text-ink"
                  >
                    {t('courses.list.clearFilters')}
                  </button>
                ) : undefined
              }
            />
          }
        />
      </div>
    </ScreenLayout>
  );
}
