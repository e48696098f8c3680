import type { Attempt } from '@school/contract/exam-taking';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { ErrorState } from '../../../components/ui/state-message';
import { useHomework } from '../api/get-homework';
import { useHomeworkResult } from '../api/get-homework-result';
import { submitAnswers, useAnswerSheet } from '../logic/use-answer-sync';
import { AnsweringView, QuestionsLoading } from './answering-view';
import { refusalText } from '../logic/refusal-text';

function DoingHomework({ attempt, onSubmitted }: { attempt: Attempt; onSubmitted(): Promise<unknown> }) {
  // Submitted once, then read-only: the server's answers as they were handed in.
  const readOnly = attempt.status !== 'NOT_SUBMITTED';
  const sheet = useAnswerSheet(attempt, readOnly);
  const result = useHomeworkResult(attempt.id, readOnly);
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async () => {
    setSubmitting(true);
    try {
      await submitAnswers(sheet, attempt.id);
      await onSubmitted();
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <AnsweringView
      attempt={attempt}
      sheet={sheet}
      readOnly={readOnly}
      submitting={submitting}
      onSubmit={() => void onSubmit().catch(() => undefined)}
      feedback={result.data ?? null}
    />
  );
}

/** homework `/lessons/{lessonId}/homework/{id}`: the answering screen without a timer. */
export default function HomeworkScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const query = useHomework(Number(params.lessonId), Number(params.id));
  const title = query.data?.homework?.title ?? t('route.homework');

  let body;
  if (query.isError) {
    body = <ErrorState description={refusalText(query.error)} onRetry={() => void query.refetch()} />;
  } else if (query.data) {
    // Keyed by status: a submission swaps the editable sheet for the read-only one.
    body = <DoingHomework key={query.data.status} attempt={query.data} onSubmitted={() => query.refetch()} />;
  } else {
    body = <QuestionsLoading />;
  }
  return (
    <ScreenLayout title={title} back surface="white">
      {body}
    </ScreenLayout>
  );
}
