import type { AttemptResult } from '@school/contract/exam-taking';
import { useTranslation } from '../../../lib/i18n';
import { formatDuration, isoDateMinutes } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { resultVerdict, resultVerdictStyle as verdictStyle } from '../logic/exam-result';
import { FactList } from './exam-facts';

/** Score of total, pass / fail (or reviewing), correct percentage, used and submit time. */
export function ResultSummary({ result }: { result: AttemptResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const verdict = resultVerdict(result);
  const facts: [string, string, string][] = [
    ['correct', t('exams.result.correctPercent'), `${result.correctPercent}%`],
    ['used', t('exams.result.usedTime'), formatDuration(result.usedSeconds, locale)],
    ['submitted', t('exams.result.submittedAt'), isoDateMinutes(result.submittedAt)],
  ];
  if (result.passScore !== null) facts.splice(1, 0, ['pass', t('exams.result.passScore'), String(result.passScore)]);
  return (
    <section aria-labelledby="result-score" className="bg-surface p-4" data-testid="result-summary">
      <h2 id="result-score" className="sr-only">
        {t('exams.result.scoreHeading')}
      </h2>
      <div className="flex flex-col items-center gap-2 py-4">
        <p className="text-ink" data-testid="result-score">
          {result.score === null ? (
            <span className="text-2xl font-semibold">{t('exams.result.scorePending')}</span>
          ) : (
            <>
              <span className="text-4xl font-bold">{result.score}</span>
              <span className="text-base text-ink-muted"> / {result.totalScore}</span>
            </>
          )}
        </p>
        <p
          className={`rounded-full px-3 py-1 text-sm font-medium ${verdictStyle[verdict]}`}
          data-testid="result-verdict"
          data-verdict={verdict}
        >
          {t(`exams.result.verdict.${verdict}`)}
        </p>
        {result.submittedBy !== 'LEARNER' ? (
          <p className="text-xs text-ink-muted" data-testid="result-submitted-by">
            {t(result.submittedBy === 'GIVE_UP' ? 'exams.result.gaveUp' : 'exams.result.timeUp')}
          </p>
        ) : null}
      </div>
      <FactList facts={facts} testId="result-facts" keyPrefix="result" />
    </section>
  );
}

const counts = ['right', 'partlyRight', 'wrong', 'unanswered'] as const;

/**
 * The report by quiz type: its score and questions, then how many were right, partly right,
 * wrong and unanswered. One block per type, so the longest words of either language fit on a
 * 320-px phone (a seven-column table does not).
 */
export function ResultReport({ report }: { report: AttemptResult['report'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="result-report" className="mt-2 bg-surface p-4" data-testid="result-report">
      <h2 id="result-report" className="mb-1 text-base font-semibold text-ink">
        {t('exams.result.report')}
      </h2>
      <ul className="divide-y divide-line">
        {report.map((row) => (
          <li key={row.type} className="py-3" data-testid={`report-${row.type}`}>
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="min-w-0 text-sm font-medium text-ink">
                <span data-testid="report-type">{t(`exams.type.${row.type}`)}</span>
                <span className="ml-2 text-xs font-normal text-ink-muted" data-testid="report-questions">
                  {t('exams.card.quizCount', { count: row.questions })}
                </span>
              </h3>
              <p className="shrink-0 text-sm whitespace-nowrap text-ink" data-testid="report-score">
                <span className="sr-only">{t('exams.result.column.score')}: </span>
                {row.score === null
                  ? t('exams.result.pendingOf', { total: row.totalScore })
                  : `${row.score} / ${row.totalScore}`}
              </p>
            </div>
            <dl className="mt-2 grid grid-cols-4 gap-1 text-center">
              {counts.map((count) => (
                <div key={count} className="rounded-md bg-canvas px-1 py-1.5" data-testid={`report-${count}`}>
                  <dt className="text-xs leading-tight text-ink-muted">{t(`exams.result.column.${count}`)}</dt>
                  <dd className="mt-0.5 text-sm font-medium text-ink">{row[count]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
