import type { LessonDetail } from '@school/contract/lessons';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';

type Homework = LessonDetail['homework'][number];

/** Where the learner's answers stand: not opened, a draft, with the teacher, scored. */
const statusKey = (status: Homework['status']) =>
  status === null ? 'lessons.homework.status.NEW' : (`lessons.homework.status.${status}` as const);

/** The lesson's homework, each leading to its answering screen. */
export function LessonHomework({ lesson }: { lesson: LessonDetail }) {
  const { t } = useTranslation();
  if (lesson.homework.length === 0) return null;
  return (
    <section aria-labelledby="lesson-homework" className="bg-surface px-4 py-3" data-testid="lesson-homework">
      <h2 id="lesson-homework" className="mb-2 text-base font-semibold text-ink">
        {t('lessons.homework.heading')}
      </h2>
      <ul className="divide-y divide-line">
        {lesson.homework.map((homework) => (
          <li key={homework.id}>
            <Link
              to={href('homework', { lessonId: lesson.id, id: homework.id })}
              className="flex min-h-11 items-center justify-between gap-3 py-2 text-sm text-ink"
            >
              <span>{homework.title}</span>
              <span className="shrink-0 text-xs text-ink-muted">{t(statusKey(homework.status))}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
