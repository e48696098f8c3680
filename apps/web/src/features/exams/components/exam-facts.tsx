import type { ExamDetail } from '@school/contract/exams';
import { useTranslation } from '../../../lib/i18n';
import { isoDateMinutes } from '../../../lib/format';
import { examDurationMessage, examTimesMessage } from '../logic/exam-status';

/** Start, end, duration, scores, questions, attempts and candidates as a description list. */
export function ExamFacts({ exam, attemptsLeft }: { exam: ExamDetail; attemptsLeft: number | null }) {
  const { t } = useTranslation();
  const duration = examDurationMessage(exam.duration);
  const times = examTimesMessage(exam.examTimes);
  const facts: [string, string, string][] = [
    ['start', t('exams.detail.startTime'), exam.startTime ? isoDateMinutes(exam.startTime) : t('exams.detail.anyTime')],
  ];
  if (exam.endTime) facts.push(['end', t('exams.detail.endTime'), isoDateMinutes(exam.endTime)]);
  facts.push(
    ['duration', t('exams.detail.duration'), t(duration.id, duration.values)],
    ['score', t('exams.detail.score'), t('exams.detail.scoreValue', { total: exam.totalScore, pass: exam.passScore })],
    ['quizzes', t('exams.detail.quizCount'), String(exam.quizCount)],
    ['times', t('exams.detail.examTimes'), t(times.id, times.values)],
  );
  if (exam.membership) {
    const used = exam.membership.attemptsUsed;
    facts.push([
      'used',
      t('exams.detail.attemptsUsed'),
      attemptsLeft === null
        ? t('exams.detail.attemptsUsedUnlimited', { used })
        : t('exams.detail.attemptsUsedValue', { used, left: attemptsLeft }),
    ]);
    const latest = exam.membership.latestAttempt;
    if (latest) {
      facts.push([
        'latest',
        t('exams.detail.latestScore'),
        latest.status === 'PENDING_REVIEW' || latest.score === null
          ? t('exams.detail.reviewing')
          : t('exams.detail.points', { count: latest.score }),
      ]);
    }
    if (exam.membership.bestScore !== null) {
      facts.push(['best', t('exams.detail.bestScore'), t('exams.detail.points', { count: exam.membership.bestScore })]);
    }
  }
  facts.push(['students', t('exams.detail.students'), String(exam.studentCount)]);

  return (
    <>
      <h3 className="sr-only">{t('exams.detail.facts')}</h3>
      <FactList facts={facts} testId="exam-facts" keyPrefix="fact" />
    </>
  );
}

/** Label and value pairs, one a row; each row's test id is `{keyPrefix}-{key}`. */
export function FactList({
  facts,
  testId,
  keyPrefix,
}: {
  facts: [string, string, string][];
  testId: string;
  keyPrefix: string;
}) {
  return (
    <dl className="divide-y divide-line" data-testid={testId}>
      {facts.map(([key, label, value]) => (
        <div
          key={key}
          className="flex items-baseline justify-between gap-4 py-2.5 text-sm"
          data-testid={`${keyPrefix}-${key}`}
        >
          <dt className="shrink-0 text-ink-muted">{label}</dt>
          <dd className="text-right font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
