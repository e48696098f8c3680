import type { ExamSummary } from '@school/contract/exams';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';
import { examDurationMessage } from '../logic/exam-status';

/** An exam in the list: start time, duration, total score, question count and price. */
export function ExamCard({ exam, eager = false }: { exam: ExamSummary; eager?: boolean }) {
  const { t } = useTranslation();
  const duration = examDurationMessage(exam.duration);
  return (
    <ProductCard
      to={href('singleExamDetail', { uid: exam.uid })}
      cover={exam.cover}
      title={exam.title}
      meta={
        <>
          <p data-testid="exam-card-start">
            {exam.startTime
              ? t('exams.card.startTime', { time: isoDateMinutes(exam.startTime) })
              : t('exams.card.anyTime')}
          </p>
          <p>
            {t('exams.card.duration', { duration: t(duration.id, duration.values) })}
            <span aria-hidden="true"> · </span>
            {t('exams.card.totalScore', { count: exam.totalScore })}
            <span aria-hidden="true"> · </span>
            {t('exams.card.quizCount', { count: exam.quizCount })}
          </p>
        </>
      }
      price={exam.price}
      product={{ type: 'EXAM', uid: exam.uid }}
      badge={
        exam.status === 'DRAFT' ? (
          <span className="rounded bg-brand-soft px-1.5 py-0.5 text-xs text-brand-strong">
            {t('exams.card.comingSoon')}
          </span>
        ) : undefined
      }
      eager={eager}
      testId="exam-card"
    />
  );
}
