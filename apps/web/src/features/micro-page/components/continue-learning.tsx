import type { RecentLearning } from '@school/contract/learning';
import { useId } from 'react';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { formatClock } from '../../../lib/format';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { useRecentLearning } from '../api/get-recent-learning';

type Resume = NonNullable<RecentLearning['resume']>;

/** Where in the lesson the learner was: a time in a film or a recording, a page of a document. */
function placeText(t: TFunction, resume: Resume): string {
  if (resume.position > 0 && (resume.lesson.mediaType === 'VIDEO' || resume.lesson.mediaType === 'AUDIO')) {
    return t('microPage.continue.at', { time: formatClock(resume.position) });
  }
  if (resume.position > 0 && ['PDF', 'DOC', 'PPT'].includes(resume.lesson.mediaType)) {
    return t('microPage.continue.page', { page: resume.position });
  }
  return t('microPage.continue.go');
}

/**
 * The signed-in home's top: the lesson studied last, opened where the learner was, and the
 * other courses studied lately. Nothing before a first lesson (a newcomer sees the school's page).
 * Loaded only for a signed-in learner, so a visitor's first screen carries none of it.
 */
export default function ContinueLearning({ viewer }: { viewer: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data } = useRecentLearning(viewer);
  if (!data || (data.resume === null && data.recent.length === 0)) return null;
  const { resume, recent } = data;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-3 mt-3 rounded-card bg-surface p-3 shadow-card"
      data-testid="continue-learning"
    >
      <h2 id={headingId} className="text-base font-semibold text-ink">
        {t('microPage.continue.title')}
      </h2>
      {resume ? (
        <Link
          to={href('lessonLearn', { id: resume.lesson.id })}
          className="mt-2 flex min-h-11 gap-3 rounded-lg active:bg-canvas"
          data-testid="continue-lesson"
        >
          <img
            src={resume.course.cover}
            alt=""
            width={320}
            height={180}
            decoding="async"
            className="aspect-video w-24 shrink-0 rounded-lg bg-line object-cover"
          />
          <span className="flex min-w-0 flex-1 flex-col justify-center">
            <span className="truncate text-sm font-medium text-ink">{resume.lesson.title}</span>
            <span className="truncate text-xs text-ink-muted">{resume.course.title}</span>
            <span className="mt-0.5 text-xs font-medium text-brand-strong" data-testid="continue-place">
              {placeText(t, resume)}
            </span>
          </span>
        </Link>
      ) : null}
      {recent.length > 0 ? (
        <>
          <h3 className="mt-3 text-xs font-medium text-ink-muted">{t('microPage.continue.recent')}</h3>
          <ul className="mt-1 divide-y divide-line">
            {recent.map((course) => (
              <li key={course.uid}>
                <Link
                  to={href('courseDetail', { uid: course.uid })}
                  className="flex min-h-11 items-center gap-3 text-sm text-ink active:bg-canvas"
                  data-testid="recent-course"
                >
                  <span className="min-w-0 flex-1 truncate">{course.title}</span>
                  <span className="shrink-0 text-xs text-ink-muted">
                    {t('microPage.continue.progress', { progress: course.progress })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
