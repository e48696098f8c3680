import type { MyExam, MyExamStatus } from '@school/contract/learning';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';

const statusStyles: Record<MyExamStatus, string> = {
  IN_PROGRESS: 'bg-brand-strong text-on-brand',
  REVIEWING: 'bg-canvas text-warning',
  NOT_STARTED: 'bg-canvas text-ink-muted',
  PASSED: 'bg-success/10 text-success',
  FAILED: 'bg-danger/10 text-danger',
  OPEN: 'bg-brand-soft text-brand-strong',
  ATTEMPTS_USED: 'bg-canvas text-ink-muted',
  CLOSED: 'bg-canvas text-ink-muted',
};

/** The learner's own standing, as the server judged it (contract: myExamSchema). */
function StatusBadge({ status }: { status: MyExamStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs ${statusStyles[status]}`} data-testid="my-exam-state">
      {t(`learning.exam.status.${status}`)}
    </span>
  );
}

/** "start to end", "From start", "Until end" or "Take it any time". */
function ExamWindow({ exam }: { exam: MyExam }) {
  const { t } = useTranslation();
  const start = exam.startTime === null ? null : isoDateMinutes(exam.startTime);
  const end = exam.endTime === null ? null : isoDateMinutes(exam.endTime);
  const text =
    start !== null && end !== null
      ? t('learning.exam.window', { start, end })
      : start !== null
        ? t('learning.exam.from', { start })
        : end !== null
          ? t('learning.exam.until', { end })
          : t('learning.exam.anyTime');
  return <p data-testid="my-exam-window">{text}</p>;
}

/**
 * An exam the learner entered: its window, a late entry still open, attempts used of those
 * allowed, best score and the learner's standing.
 */
export function MyExamCard({ exam, eager = false }: { exam: MyExam; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <ProductCard
      to={href('examDetail', { uid: exam.uid })}
      cover={exam.cover}
      title={exam.title}
      eager={eager}
      testId="my-exam-card"
      meta={
        <>
          <ExamWindow exam={exam} />
          <p data-testid="my-exam-attempts">
            {exam.examTimes === null
              ? t('learning.exam.attemptsUnlimited', { used: exam.attemptCount })
              : t('learning.exam.attempts', { used: exam.attemptCount, allowed: exam.examTimes })}
          </p>
          {exam.entryClosesAt === null ? null : (
            <p className="text-warning" data-testid="my-exam-late-entry">
              {t('learning.exam.lateEntryUntil', { time: isoDateMinutes(exam.entryClosesAt) })}
            </p>
          )}
          {exam.bestScore === null ? null : (
            <p data-testid="my-exam-best-score">
              {t('learning.exam.bestScore', { score: exam.bestScore, total: exam.totalScore })}
            </p>
          )}
        </>
      }
      badge={<StatusBadge status={exam.status} />}
    />
  );
}
