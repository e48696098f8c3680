import type { AttemptResult } from '@school/contract/exam-taking';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { answerVerdictStyle, givenAnswerLines, rightAnswerLines, stemWithGaps } from '../../../lib/answer-lines';

type Question = NonNullable<AttemptResult['analysis']>[number];
/** A question of the analysis, or of the wrong-answer book (numbered by neither attempt nor paper). */
export type AnalysedQuestion = Omit<Question, 'number'> & { number?: number };

function AnswerLines({ lines, empty, testId }: { lines: string[]; empty: string; testId: string }) {
  return (
    <dd className="text-ink" data-testid={testId}>
      {lines.length === 0 ? (
        <span className="text-ink-muted">{empty}</span>
      ) : (
        lines.map((line, i) => (
          <span key={i} className="block break-words whitespace-pre-wrap">
            {line}
          </span>
        ))
      )}
    </dd>
  );
}

/**
 * One question. Its points are those earned: the analysis's `score` takes the place of the
 * question view's points possible, so those are not shown here. Without a number (the
 * wrong-answer book) its heading is its type; `children` come last (the book's way to the result).
 */
export function AnalysisItem({
  question,
  testId,
  as: Root = 'li',
  children,
}: {
  question: AnalysedQuestion;
  testId: string;
  /** An article where a list around it already makes the items (the book's infinite list). */
  as?: 'li' | 'article';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = `analysis-q${question.id}`;
  const images = question.given?.kind === 'TEXT' ? question.given.images : [];
  const type = t(`exams.type.${question.type}`);
  return (
    <Root aria-labelledby={headingId} className="space-y-2 py-4" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          {question.number === undefined ? type : t('exams.result.questionHeading', { number: question.number, type })}
        </h3>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${answerVerdictStyle[question.verdict]}`}
          data-testid="analysis-verdict"
        >
          {t(`exams.result.answerVerdict.${question.verdict}`)}
        </span>
      </div>
      <RichHtml html={stemWithGaps(question.stem)} />
      <dl className="space-y-1.5 text-sm">
        <div>
          <dt className="text-xs text-ink-muted">{t('exams.result.yourAnswer')}</dt>
          <AnswerLines lines={givenAnswerLines(question)} empty={t('exams.result.noAnswer')} testId="analysis-given" />
          {images.length ? (
            <dd className="mt-1 flex flex-wrap gap-2">
              {images.map((url, i) => (
                <img
                  key={url}
                  src={url}
                  alt={t('exams.result.imageAlt', { number: i + 1 })}
                  className="size-16 rounded object-cover"
                />
              ))}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-xs text-ink-muted">{t('exams.result.rightAnswer')}</dt>
          <AnswerLines
            lines={rightAnswerLines(question)}
            empty={t('exams.result.noReference')}
            testId="analysis-right"
          />
        </div>
        <div>
          <dt className="text-xs text-ink-muted">{t('exams.result.points')}</dt>
          <dd className="text-ink" data-testid="analysis-points">
            {question.earned === null
              ? t('exams.result.pointsPending')
              : t('exams.result.pointsOf', { earned: question.earned, count: question.score })}
          </dd>
        </div>
        {question.reviewComment ? (
          <div>
            <dt className="text-xs text-ink-muted">{t('exams.result.reviewComment')}</dt>
            <dd className="text-ink" data-testid="analysis-comment">
              {question.reviewComment}
            </dd>
          </div>
        ) : null}
      </dl>
      {question.explanation.trim() ? (
        <div className="rounded-lg bg-canvas p-3">
          <p className="mb-1 text-xs text-ink-muted">{t('exams.result.explanation')}</p>
          <RichHtml html={question.explanation} />
        </div>
      ) : null}
      {children}
    </Root>
  );
}

/**
 * Each question with the learner's answer, the right one, the verdict, points and explanation;
 * while the server keeps them back, when they will be shown (after the last attempt, after the
 * end, never).
 */
export function ResultAnalysis({
  analysis,
  hiddenUntil,
}: {
  analysis: AttemptResult['analysis'];
  hiddenUntil: AttemptResult['analysisHiddenUntil'];
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="result-analysis" className="mt-2 bg-surface p-4" data-testid="result-analysis">
      <h2 id="result-analysis" className="text-base font-semibold text-ink">
        {t('exams.result.analysis')}
      </h2>
      {analysis === null ? (
        <p className="mt-2 text-sm text-ink-muted" data-testid="analysis-hidden">
          {t(`exams.result.analysisHidden.${hiddenUntil ?? 'NEVER'}`)}
        </p>
      ) : (
        <ol className="divide-y divide-line">
          {analysis.map((question) => (
            <AnalysisItem key={question.id} question={question} testId={`analysis-${question.number}`} />
          ))}
        </ol>
      )}
    </section>
  );
}
