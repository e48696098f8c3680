import type { ClassroomCourse } from '@school/contract/classrooms';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { EmptyState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';

/** The classroom's courses, each linking to its course page; members see lessons done per course. */
export function ClassroomCoursesTab({ courses, member }: { courses: ClassroomCourse[]; member: boolean }) {
  const { t } = useTranslation();
  if (courses.length === 0) return <EmptyState title={t('classrooms.courses.empty')} />;
  return (
    <ol className="space-y-2 p-3" data-testid="classroom-courses">
      {courses.map((course, index) => {
        const done = course.completedLessonCount;
        return (
          <li key={course.uid}>
            <Link
              to={href('courseDetail', { uid: course.uid })}
              className="flex items-center gap-3 rounded-card bg-surface p-2.5 shadow-card active:bg-canvas"
              data-testid="classroom-course"
            >
              <div className="relative aspect-video w-24 shrink-0 overflow-hidden rounded-md bg-line">
                <img
                  src={course.cover}
                  alt=""
                  width={192}
                  height={108}
                  loading={index < 3 ? 'eager' : 'lazy'}
                  decoding="async"
                  className="absolute inset-0 size-full object-cover"
                />
              </div>
              <div className="min-w-0 flex-1">
                <h3 className="line-clamp-2 text-sm font-medium text-ink">{course.title}</h3>
                <p className="mt-1 text-xs text-ink-muted">
                  {member && done !== null
                    ? t('classrooms.courses.completed', { completed: done, total: course.lessonCount })
                    : t('classrooms.courses.lessons', { count: course.lessonCount })}
                </p>
                {member && done !== null && course.lessonCount > 0 ? (
                  <div aria-hidden="true" className="mt-1.5 h-1 overflow-hidden rounded-full bg-line">
                    <div
                      className="h-full rounded-full bg-brand-strong"
                      style={{ width: `${Math.min(100, Math.round((done / course.lessonCount) * 100))}%` }}
                    />
                  </div>
                ) : null}
              </div>
              <ChevronRightIcon className="shrink-0 text-ink-subtle" />
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
