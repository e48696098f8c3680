import type { AttemptResult } from '@school/contract/exam-taking';
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

/** One question's points and the teacher's comment, under the learner's answer. */
export function QuestionFeedback({ result, questionId }: { result: AttemptResult; questionId: number }) {
  const { t } = useTranslation();
  const item = result.analysis?.find((question) => question.id === questionId);
  if (item === undefined) return null;
  return (
    <div className="mt-3 space-y-1 rounded-lg bg-canvas p-3 text-sm text-ink" data-testid="question-feedback">
      <p>
        {item.earned === null
          ? t('examTaking.feedback.pending')
          : t('examTaking.feedback.points', { earned: item.earned, score: item.score })}
      </p>
      {item.reviewComment ? <p>{t('examTaking.feedback.comment', { comment: item.reviewComment })}</p> : null}
    </div>
  );
}
