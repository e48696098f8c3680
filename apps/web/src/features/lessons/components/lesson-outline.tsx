import type { SyllabusChapter, SyllabusLesson } from '@school/contract/courses';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { LockIcon } from '../../../components/ui/icons';
import { href } from '../../../config/route-paths';
import { lessonRouteName, type PlayerMode } from '../logic/lesson-access';
import { CompletedIcon, LearningIcon, NotStartedIcon } from './lesson-icons';

interface LessonOutlineProps {
  open: boolean;
  chapters: SyllabusChapter[];
  currentId: number;
  mode: PlayerMode;
  onClose(): void;
}

/** The lesson's state as an icon with its name: locked first, then the learner's progress. */
function StatusIcon({ lesson }: { lesson: SyllabusLesson }) {
  const { t } = useTranslation();
  if (lesson.locked) {
    return <LockIcon role="img" aria-label={t('lessons.status.locked')} className="shrink-0 text-ink-subtle" />;
  }
  const status = lesson.learningStatus ?? 'NOT_STARTED';
  const label = t(`lessons.status.${status}`);
  if (status === 'COMPLETED') return <CompletedIcon role="img" aria-label={label} className="shrink-0 text-success" />;
  if (status === 'LEARNING')
    return <LearningIcon role="img" aria-label={label} className="shrink-0 text-brand-strong" />;
  return <NotStartedIcon role="img" aria-label={label} className="shrink-0 text-ink-subtle" />;
}

/**
 * The course's chapters and lessons in a bottom sheet, each lesson with its state and a link to
 * it, the current one marked. Loaded the first time it opens.
 */
export default function LessonOutline({ open, chapters, currentId, mode, onClose }: LessonOutlineProps) {
  const { t } = useTranslation();
  const current = useRef<HTMLAnchorElement>(null);
  const route = lessonRouteName(mode);

  return (
    <BottomSheet
      look="panel"
      open={open}
      title={t('lessons.outline.title')}
      closeLabel={t('lessons.outline.close')}
      onClose={onClose}
      focusTarget={() => current.current}
      testId="lesson-outline"
    >
      <div className="max-h-[65vh] overflow-y-auto">
        {chapters.map((chapter) => (
          <section key={chapter.id} aria-labelledby={`outline-chapter-${chapter.id}`}>
            <h3
              id={`outline-chapter-${chapter.id}`}
              className="bg-canvas px-4 py-2 text-xs font-semibold text-ink-muted"
            >
              {t('lessons.outline.chapter', { number: chapter.number })} {chapter.title}
            </h3>
            <ol>
              {chapter.lessons.map((lesson) => {
                const isCurrent = lesson.id === currentId;
                return (
                  <li key={lesson.id} className="border-b border-line last:border-b-0">
                    <Link
                      ref={isCurrent ? current : undefined}
                      to={href(route, { id: lesson.id })}
                      onClick={onClose}
                      aria-current={isCurrent ? 'page' : undefined}
                      className={`flex items-center gap-3 px-4 py-3 text-sm ${
                        isCurrent ? 'bg-brand-soft font-semibold text-brand-strong' : 'text-ink active:bg-canvas'
                      }`}
                      data-testid="outline-lesson"
                    >
                      <span className="w-6 shrink-0 text-center text-xs text-ink-muted tabular-nums">
                        {lesson.number}
                      </span>
                      <span className="min-w-0 flex-1 truncate">{lesson.title}</span>
                      {isCurrent ? <span className="sr-only">{t('lessons.outline.current')}</span> : null}
                      <StatusIcon lesson={lesson} />
                    </Link>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
    </BottomSheet>
  );
}
