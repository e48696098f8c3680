import type { CourseNote, NoteDetail } from '@school/contract/courses';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { noteLessonHref } from '../logic/note-position';
import { NotePositionLabel } from './note-position-label';

/**
 * One of the learner's notes in a list: tapping it goes back into the lesson where it was taken;
 * "View note" opens it (to change or delete it). Across courses (My notes) it names its course.
 */
export function NoteCard({ note }: { note: CourseNote | NoteDetail }) {
  const { t } = useTranslation();
  return (
    <article className="border-b border-line px-4 py-3" data-testid="course-note">
      <Link to={noteLessonHref(note)} className="block space-y-1 active:opacity-70">
        {'course' in note ? (
          <span className="block truncate text-xs text-ink-muted" data-testid="note-course">
            {note.course.title}
          </span>
        ) : null}
        <span className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">
            {t('courses.notes.lesson', { title: note.lesson.title })}
          </span>
          <NotePositionLabel note={note} />
        </span>
        <span className="line-clamp-3 block whitespace-pre-line break-words text-sm text-ink">{note.content}</span>
      </Link>
      <span className="mt-1 flex items-center justify-between text-xs text-ink-subtle">
        <time dateTime={note.createdAt}>{isoDateMinutes(note.createdAt)}</time>
        <Link
          to={href('noteDetail', { id: note.id })}
          className="-mr-3 inline-flex min-h-11 items-center px-3 text-brand-strong"
        >
          {t('courses.notes.open')}
        </Link>
      </span>
    </article>
  );
}
