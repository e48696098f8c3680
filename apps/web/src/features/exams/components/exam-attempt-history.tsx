import type { AttemptHistoryEntry } from '@school/contract/exams';
import { Link } from '../../../components/ui/router-link';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { href } from '../../../config/route-paths';
import { formatDuration, isoDateMinutes } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLocale } from '../../../lib/use-locale';
import { resultVerdict, resultVerdictStyle as verdictStyle } from '../logic/exam-result';

/**
 * The learner's submitted attempts at the exam, newest first: when, the score, passed / not
 * passed / reviewing and the time taken, each opening its result report.
 */
export function ExamAttemptHistory({
  uid,
  attempts,
  attemptsUsed,
}: {
  uid: string;
  attempts: AttemptHistoryEntry[];
  /** All the learner's submitted attempts (the list holds the latest ones), for their numbers. */
  attemptsUsed: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (attempts.length === 0) return null;
  const count = Math.max(attemptsUsed, attempts.length);
  return (
    <section aria-labelledby="exam-history" className="mt-2 bg-surface p-4" data-testid="exam-history">
      <h2 id="exam-history" className="mb-1 text-base font-semibold text-ink">
        {t('exams.history.title')}
      </h2>
      <ol className="divide-y divide-line">
        {attempts.map((attempt, index) => {
          const verdict = resultVerdict(attempt);
          return (
            <li key={attempt.id}>
              <Link
                to={href('examTestResult', { uid }, { attempt: attempt.id })}
                className="flex min-h-11 items-center gap-3 py-3 active:bg-canvas"
                data-testid="exam-history-attempt"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-ink">
                    {t('exams.history.attempt', { number: count - index })}
                    <span className="ml-2 text-xs text-ink-muted">{isoDateMinutes(attempt.submittedAt)}</span>
                  </p>
                  <p className="mt-0.5 text-xs text-ink-muted">
                    {t('exams.history.used', { time: formatDuration(attempt.usedSeconds, locale) })}
                    {attempt.submittedBy === 'LEARNER' ? null : ` · ${t(`exams.history.by.${attempt.submittedBy}`)}`}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="text-sm font-semibold text-ink" data-testid="exam-history-score">
                    {attempt.score === null
                      ? t('exams.result.scorePending')
                      : t('exams.detail.points', { count: attempt.score })}
                  </span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${verdictStyle[verdict]}`}
                    data-verdict={verdict}
                  >
                    {t(`exams.result.verdict.${verdict}`)}
                  </span>
                </div>
                <ChevronRightIcon aria-hidden="true" className="shrink-0 text-base text-ink-subtle" />
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
