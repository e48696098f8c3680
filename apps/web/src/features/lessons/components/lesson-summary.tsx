import type { LessonDetail } from '@school/contract/lessons';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { href } from '../../../config/route-paths';

/** "Lesson n", the course it belongs to, and for members the course's progress. */
export function LessonSummary({ lesson }: { lesson: LessonDetail }) {
  const { t } = useTranslation();
  const progress = lesson.membership?.progress ?? null;
  return (
    <section className="space-y-2 bg-surface px-4 py-3" data-testid="lesson-summary">
      <p className="text-xs text-ink-muted">
        <span data-testid="lesson-number">{t('lessons.number', { number: lesson.number })}</span>
        <span aria-hidden="true"> · </span>
        <Link to={href('courseDetail', { uid: lesson.course.uid })} className="text-brand-strong">
          {t('lessons.courseLink', { title: lesson.course.title })}
        </Link>
      </p>
      {progress !== null ? (
        <div className="flex items-center gap-3">
          <span id="course-progress-label" className="shrink-0 text-xs text-ink-muted">
            {t('lessons.courseProgress')}
          </span>
          <ProgressBar percent={progress} labelledBy="course-progress-label" className="flex-1" />
          <span className="shrink-0 text-xs text-ink tabular-nums" data-testid="course-progress">
            {t('lessons.courseProgressValue', { progress })}
          </span>
        </div>
      ) : null}
    </section>
  );
}
