import type { AttemptResult } from '@school/contract/exam-taking';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { rightAnswerLines } from '../../../lib/answer-lines';
import { useTranslation } from '../../../lib/i18n';

/** Handed-in homework's score, or that the teacher has still to score the written answers. */
export function FeedbackSummary({ result }: { result: AttemptResult }) {
  const { t } = useTranslation();
  return (
    <p className="mx-4 mt-3 rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink" data-testid="homework-score">
      {result.score === null
        ? t('examTaking.feedback.reviewing')
        : t('examTaking.feedback.score', { score: result.score, total: result.totalScore })}
    </p>
  );
}

/**
 * Under the learner's own answer: whether it was right, its points, the right answer and the
 * explanation (the server sends them once homework is handed in), and the teacher's comment.
 */
export function QuestionFeedback({ result, questionId }: { result: AttemptResult; questionId: number }) {
  const { t } = useTranslation();
  const item = result.analysis?.find((question) => question.id === questionId);
  if (item === undefined) return null;
  const right = rightAnswerLines(item);
  return (
    <div className="mt-3 space-y-2 rounded-lg bg-canvas p-3 text-sm text-ink" data-testid="question-feedback">
      <p className="flex flex-wrap items-center justify-between gap-x-3">
        {/* Waiting for review says so in the points already. */}
        {item.verdict === 'PENDING_REVIEW' ? null : (
          <span className="font-medium" data-testid="feedback-verdict">
            {t(`examTaking.answer.verdict.${item.verdict}`)}
          </span>
        )}
        <span data-testid="feedback-points">
          {item.earned === null
            ? t('examTaking.feedback.pending')
            : t('examTaking.feedback.points', { earned: item.earned, score: item.score })}
        </span>
      </p>
      {right.length ? (
        <div data-testid="feedback-right">
          <p className="text-xs text-ink-muted">{t('examTaking.answer.rightAnswer')}</p>
          {right.map((line, i) => (
            <p key={i} className="break-words whitespace-pre-wrap">
              {line}
            </p>
          ))}
        </div>
      ) : null}
      {item.explanation.trim() ? (
        <div data-testid="feedback-explanation">
          <p className="text-xs text-ink-muted">{t('examTaking.answer.explanation')}</p>
          <RichHtml html={item.explanation} />
        </div>
      ) : null}
      {item.reviewComment ? <p>{t('examTaking.feedback.comment', { comment: item.reviewComment })}</p> : null}
    </div>
  );
}
