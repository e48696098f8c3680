import type { LessonDetail } from '@school/contract/lessons';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { href } from '../../../config/route-paths';
import { lessonRouteName, type PlayerMode } from '../logic/lesson-access';

// At least 44 px high, taller when a large text size wraps the label.
const linkClass =
  'flex min-h-11 flex-1 items-center justify-center gap-1 rounded-full border border-line bg-surface px-3 py-1 text-center text-sm leading-tight text-ink active:bg-canvas';
const disabledClass =
  'flex min-h-11 flex-1 items-center justify-center gap-1 rounded-full border border-line bg-canvas px-3 py-1 text-center text-sm leading-tight text-ink-muted';

/** Previous / next lesson of the course; at either end a disabled button says there is none. */
export function LessonNavigation({ lesson, mode }: { lesson: LessonDetail; mode: PlayerMode }) {
  const { t } = useTranslation();
  const route = lessonRouteName(mode);
  const side = (id: number | null, label: string, noneLabel: string, direction: 'previous' | 'next') => {
    const icon = direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />;
    if (id === null) {
      return (
        <span role="link" aria-disabled="true" aria-label={noneLabel} className={disabledClass}>
          {direction === 'previous' ? icon : null}
          {label}
          {direction === 'next' ? icon : null}
        </span>
      );
    }
    return (
      <Link
        to={href(route, { id })}
        className={linkClass}
        data-testid={`lesson-${direction}`}
        rel={direction === 'previous' ? 'prev' : 'next'}
      >
        {direction === 'previous' ? icon : null}
        {label}
        {direction === 'next' ? icon : null}
      </Link>
    );
  };
  return (
    <nav aria-label={t('lessons.navigation')} className="flex gap-3 px-4 py-3">
      {side(lesson.previousLessonId, t('lessons.previous'), t('lessons.noPrevious'), 'previous')}
      {side(lesson.nextLessonId, t('lessons.next'), t('lessons.noNext'), 'next')}
    </nav>
  );
}
