import type { CourseDetail } from '@school/contract/courses';
import { lazy, Suspense } from 'react';
import { addMessages, translateIfKnown, useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { SectionTabs, type SectionTab } from '../../../components/catalogue/section-tabs';
import { TeacherList } from '../../../components/catalogue/teacher-card';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { AlertIcon } from '../../../components/ui/icons';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState, StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/use-session-user';
import { useCourse } from '../api/get-course';
// The registry of message bundles (decision 021): the tabs' bundles load with the tabs, not with the course.
import { courseMemberMessages, formMessages } from '../../../app/messages/registry/screen-messages';
import { isActiveMember } from '../logic/course-action';
import { courseTabKeys, courseTabMessageIds, courseTabOf, type CourseTab } from '../logic/course-tabs';
import { actionBarSpace, CourseActionBar } from './course-action-bar';
import { CourseOverview } from './course-overview';
import { CourseSyllabus } from './course-syllabus';

// The ratings and members-only tabs bring the endless list and its gesture library: they load
// when opened, so the course itself (about or syllabus first) arrives with fewer files.
// The tabs' texts come with their code (features/courses/messages/course-member-en.ts), and the texts of
// the rating form with them.
const withMemberMessages = <T,>(tab: Promise<T>) =>
  Promise.all([tab, addMessages(courseMemberMessages), addMessages(formMessages)]).then(([module]) => module);
const CourseMemberTab = lazy(() =>
  withMemberMessages(import('./course-member-tabs')).then((m) => ({ default: m.CourseMemberTab })),
);
const CourseRatingsTab = lazy(() =>
  withMemberMessages(import('./course-ratings-tab')).then((m) => ({ default: m.CourseRatingsTab })),
);

// The top bar's favourite star: its code, its call and its texts arrive only for a signed-in
// learner, after the course. Declared here rather than through components/catalogue's
// FavouriteStarSlot (which the classroom and exam pages use): a module shared by several
// screens becomes a chunk of its own, and this first screen has almost no room for one more.
const FavouriteStar = lazy(() =>
  import('../../../components/catalogue/favourite-star').then((star) => star.withTexts()),
);

function TabFallback() {
  return (
    <LoadingRegion>
      <div className="space-y-3 p-4">
        <SkeletonBlock className="h-16" />
        <SkeletonBlock className="h-16" />
      </div>
    </LoadingRegion>
  );
}

function DetailSkeleton() {
  return (
    <LoadingRegion>
      <SkeletonBlock className="aspect-video w-full rounded-none" />
      <div className="space-y-2 bg-surface px-4 py-3">
        <SkeletonBlock className="h-6 w-4/5" />
        <SkeletonBlock className="h-4 w-1/2" />
        <SkeletonBlock className="h-6 w-1/3" />
      </div>
      <SkeletonBlock className="mt-3 h-11 rounded-none" />
      <SkeletonBlock className="mt-3 h-32 rounded-none" />
    </LoadingRegion>
  );
}

/** 403 courseNotPublished and 404 are pages of their own, with a way on to the list. */
function Unavailable({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : null;
  if (code === 'courseNotPublished' || (isApiError(error) && error.status === 404)) {
    return (
      <div data-testid="course-unavailable">
        <StateMessage
          role="alert"
          icon={<AlertIcon />}
          title={code === 'courseNotPublished' ? t('courses.notPublished') : t('courses.notFound')}
          action={
            <Link
              to={href('courseList')}
              className="rounded-full bg-brand-strong px-6 py-2 text-sm font-medium text-on-brand"
            >
              {t('courses.backToList')}
            </Link>
          }
        />
      </div>
    );
  }
  return <ErrorState description={code ? translateIfKnown(`error.${code}`) : undefined} onRetry={onRetry} />;
}

function CourseView({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = courseTabOf(params.get('tab'), isActiveMember(course));
  const tabs: SectionTab<CourseTab>[] = courseTabKeys.map((key) => ({ key, label: t(courseTabMessageIds[key]) }));

  return (
    <div className={actionBarSpace} data-testid="course-detail">
      <CourseOverview course={course} />
      {course.teachers.length > 0 ? (
        <section aria-labelledby="course-teachers" className="mt-3 bg-surface px-4 py-3">
          <h2 id="course-teachers" className="mb-2 text-sm font-semibold text-ink">
            {t('courses.teachers')}
          </h2>
          <TeacherList teachers={course.teachers} />
        </section>
      ) : null}
      <div className="mt-3">
        <SectionTabs
          tabs={tabs}
          active={tab}
          idBase="course"
          label={t('courses.tab.label')}
          // A tab is a view of the same page: replaced, so Back leaves the course.
          onChange={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
        >
          {tab === 'about' ? (
            course.about.trim() ? (
              <RichHtml html={course.about} className="bg-surface px-4 py-3" />
            ) : (
              <EmptyState title={t('courses.about.empty')} />
            )
          ) : tab === 'syllabus' ? (
            <CourseSyllabus course={course} />
          ) : (
            <Suspense fallback={<TabFallback />}>
              {tab === 'ratings' ? (
                <CourseRatingsTab uid={course.uid} />
              ) : (
                <CourseMemberTab course={course} tab={tab} />
              )}
            </Suspense>
          )}
        </SectionTabs>
      </div>
      <CourseActionBar course={course} />
    </div>
  );
}

/** /courses/:uid: the course, its tabs, and what to do next (join, buy, learn). */
export default function CourseDetailScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const course = useCourse(uid);
  const signedIn = useSessionUser() !== null;

  return (
    <ScreenLayout
      title={t('route.courseDetail')}
      back
      actions={
        signedIn && course.isSuccess ? (
          <Suspense fallback={null}>
            <FavouriteStar type="COURSE" uid={uid} />
          </Suspense>
        ) : null
      }
    >
      {course.isPending ? (
        <DetailSkeleton />
      ) : course.isError ? (
        <Unavailable error={course.error} onRetry={() => void course.refetch()} />
      ) : (
        <CourseView course={course.data} />
      )}
    </ScreenLayout>
  );
}
