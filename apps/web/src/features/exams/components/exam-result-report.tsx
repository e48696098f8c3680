import type { AttemptResult } from '@school/contract/exam-taking';
import { useTranslation } from '../../../lib/i18n';
import { formatDuration, isoDateMinutes } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { resultVerdict } from '../logic/exam-result';
import { FactList } from './exam-facts';

const verdictStyle = {
  passed: 'bg-success/10 text-success',
  failed: 'bg-canvas text-warning',
  reviewing: 'bg-brand-soft text-brand-strong',
} as const;

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

const columns = ['type', 'questions', 'right', 'wrong', 'unanswered', 'score'] as const;

/** The report by quiz type: questions, right, wrong, unanswered and score. */
export function ResultReport({ report }: { report: AttemptResult['report'] }) {
  const { t } = useTranslation();
  const cell = 'px-1.5 py-2 text-center';
  return (
    <section aria-labelledby="result-report" className="mt-2 bg-surface p-4" data-testid="result-report">
      <h2 id="result-report" className="mb-2 text-base font-semibold text-ink">
        {t('exams.result.report')}
      </h2>
      {/* Wider than a small phone: a focusable region, so a keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="result-report">
        <table className="w-full text-sm text-ink">
          <thead className="text-xs text-ink-muted">
            <tr>
              {columns.map((column, i) => (
                <th key={column} scope="col" className={`${i === 0 ? 'px-1.5 py-2 text-left' : cell} font-medium`}>
                  {t(`exams.result.column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {report.map((row) => (
              <tr key={row.type} data-testid={`report-${row.type}`}>
                <th scope="row" className="px-1.5 py-2 text-left font-normal">
                  {t(`exams.type.${row.type}`)}
                </th>
                <td className={cell}>{row.questions}</td>
                <td className={cell}>{row.right}</td>
                <td className={cell}>{row.wrong}</td>
                <td className={cell}>{row.unanswered}</td>
                <td className={cell}>
                  {row.score === null
                    ? t('exams.result.pendingOf', { total: row.totalScore })
                    : `${row.score} / ${row.totalScore}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
