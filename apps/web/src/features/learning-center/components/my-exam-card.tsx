import type { MyExam } from '@school/contract/learning';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';

const stateStyles: Record<MyExam['state'] | NonNullable<MyExam['attemptState']>, string> = {
  NOT_STARTED: 'bg-canvas text-ink-muted',
  OPEN: 'bg-brand-soft text-brand-strong',
  ENDED: 'bg-canvas text-ink-muted',
  IN_PROGRESS: 'bg-brand-strong text-white',
  REVIEWING: 'bg-canvas text-warning',
};

/** The learner's own state first (answering, waiting for a reviewer), else the exam window's. */
function StateBadge({ exam }: { exam: MyExam }) {
  const { t } = useTranslation();
  const key = exam.attemptState ?? exam.state;
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs ${stateStyles[key]}`} data-testid="my-exam-state">
      {exam.attemptState === null
        ? t(`learning.exam.state.${exam.state}`)
        : t(`learning.exam.attemptState.${exam.attemptState}`)}
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

/** An exam the learner entered: its window, attempts used of those allowed, best score and state. */
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
          {exam.bestScore === null ? null : (
            <p data-testid="my-exam-best-score">
              {t('learning.exam.bestScore', { score: exam.bestScore, total: exam.totalScore })}
            </p>
          )}
        </>
      }
      badge={<StateBadge exam={exam} />}
    />
  );
}
