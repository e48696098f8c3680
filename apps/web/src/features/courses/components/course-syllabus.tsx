import type { CourseDetail, SyllabusLesson } from '@school/contract/courses';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { LockIcon } from '../../../components/ui/icons';
import { EmptyState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { formatDuration } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { isActiveMember, lessonTarget } from '../logic/course-action';
import { learningStatusMessageIds, mediaTypeMessageIds } from '../logic/course-text';

function LessonRow({ lesson, activeMember }: { lesson: SyllabusLesson; activeMember: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const target = lessonTarget(lesson, activeMember);
  const statusClass =
    lesson.learningStatus === 'COMPLETED'
      ? 'text-success'
      : lesson.learningStatus === 'LEARNING'
        ? 'text-brand-strong'
        : 'text-ink-subtle';

  const body = (
    <>
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-canvas text-xs text-ink-muted tabular-nums"
      >
        {lesson.number}
      </span>
      <span className="min-w-0 flex-1">
        <span className="sr-only">{t('courses.syllabus.lessonNumber', { number: lesson.number })} </span>
        <span className="block truncate text-sm text-ink">{lesson.title}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
          <span>{t(mediaTypeMessageIds[lesson.mediaType])}</span>
          {lesson.duration !== null ? <span>{formatDuration(lesson.duration, locale)}</span> : null}
          {/* A member studies every lesson: "free trial" would only tell them they may preview it. */}
          {lesson.freeTrial && !activeMember ? (
            <span className="rounded border border-success px-1 text-success">{t('courses.syllabus.freeTrial')}</span>
          ) : null}
          {lesson.learningStatus ? (
            <span className={statusClass}>{t(learningStatusMessageIds[lesson.learningStatus])}</span>
          ) : null}
        </span>
      </span>
      {lesson.locked ? (
        <LockIcon role="img" aria-label={t('courses.syllabus.locked')} className="shrink-0 text-ink-subtle" />
      ) : null}
    </>
  );

  const rowClass = 'flex items-center gap-3 px-4 py-3';
  return (
    <li className="border-b border-line last:border-b-0" data-testid="syllabus-lesson">
      {target ? (
        <Link to={href(target, { id: lesson.id })} className={`${rowClass} active:bg-canvas`}>
          {body}
        </Link>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}

/** Numbered chapters with their numbered lessons: media, length, free trial (not for members), lock, progress. */
export function CourseSyllabus({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const activeMember = isActiveMember(course);
  if (course.chapters.every((chapter) => chapter.lessons.length === 0)) {
    return <EmptyState title={t('courses.syllabus.empty')} />;
  }
  return (
    <div className="space-y-3 py-3" data-testid="course-syllabus">
      {course.chapters.map((chapter) => (
        <section key={chapter.id} aria-labelledby={`chapter-${chapter.id}`} className="bg-surface">
          <h3 id={`chapter-${chapter.id}`} className="border-b border-line px-4 py-2.5 text-sm font-semibold text-ink">
            <span className="text-ink-muted">{t('courses.syllabus.chapter', { number: chapter.number })}</span>{' '}
            {chapter.title}
          </h3>
          <ol>
            {chapter.lessons.map((lesson) => (
              <LessonRow key={lesson.id} lesson={lesson} activeMember={activeMember} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
