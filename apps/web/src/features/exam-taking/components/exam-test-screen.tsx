import type { Attempt } from '@school/contract/exam-taking';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { AlertIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useExamAttempt } from '../api/get-exam-attempt';
import { submitAnswers, useAnswerSheet } from '../logic/use-answer-sync';
import { AnsweringView, QuestionsLoading } from './answering-view';
import { ExamTimer } from './exam-timer';
import { refusalText } from '../logic/refusal-text';

/** After "the exam has ended", the learner reads the notice this long before the result opens. */
export const leaveDelayMs = 2000;
/** The screen submits this long after its countdown reaches zero. */
export const timeUpMarginMs = 1000;

function TakingExam({ uid, attempt, receivedAt }: { uid: string; attempt: Attempt; receivedAt: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const resultPath = href('examTestResult', { uid }, { attempt: attempt.id });

  const leave = useCallback(
    async (text: string) => {
      setNotice(text);
      setSubmitting(true);
      await new Promise((resolve) => setTimeout(resolve, leaveDelayMs));
      void navigate(resultPath, { replace: true });
    },
    [navigate, resultPath],
  );

  // The server refused a save: the attempt is over (submitted by its job when time ran out).
  const sheet = useAnswerSheet(attempt, false, () => void leave(t('examTaking.ended')));

  const onTimeUp = useCallback(() => {
    setNotice(t('examTaking.timer.up'));
    setSubmitting(true);
    void (async () => {
      // A second past zero, so the server's clock has passed the deadline too (it records the
      // attempt as ended by time); saves made in time are still taken during its grace.
      await new Promise((resolve) => setTimeout(resolve, timeUpMarginMs));
      try {
        await submitAnswers(sheet, attempt.id);
      } catch {
        // Offline or refused: the server's job submits the attempt with what it holds.
      }
      void navigate(resultPath, { replace: true });
    })();
  }, [sheet, attempt.id, navigate, resultPath, t]);

  const onSubmit = async () => {
    setSubmitting(true);
    try {
      await submitAnswers(sheet, attempt.id);
      void navigate(resultPath, { replace: true });
    } catch {
      // The api client has shown why; the answers are still here and journaled.
      setSubmitting(false);
    }
  };

  return (
    <AnsweringView
      attempt={attempt}
      sheet={sheet}
      readOnly={false}
      notice={notice}
      submitting={submitting}
      onSubmit={() => void onSubmit()}
      timer={
        attempt.deadline ? (
          <ExamTimer deadline={attempt.deadline} serverNow={attempt.now} receivedAt={receivedAt} onTimeUp={onTimeUp} />
        ) : null
      }
    />
  );
}

/** examTest `/exam/{uid}/test`: the open attempt, or a new one, answered question by question. */
export default function ExamTestScreen() {
  const { t } = useTranslation();
  const uid = useParams().uid ?? '';
  const query = useExamAttempt(uid);
  // A refusal is not an exam in progress: the header says so too.
  const title = query.isError ? t('examTaking.refusedTitle') : (query.data?.exam?.title ?? t('route.examTest'));

  let body;
  if (query.isPending) {
    body = <QuestionsLoading />;
  } else if (query.isError) {
    body = (
      <StateMessage
        role="alert"
        icon={<AlertIcon />}
        title={t('examTaking.refused')}
        description={refusalText(query.error)}
        action={
          <Link
            to={href('examDetail', { uid })}
            className="rounded-full bg-brand-strong px-6 py-2 text-sm font-medium text-on-brand"
          >
            {t('examTaking.backToExam')}
          </Link>
        }
      />
    );
  } else {
    body = <TakingExam uid={uid} attempt={query.data} receivedAt={query.dataUpdatedAt} />;
  }
  return (
    <ScreenLayout title={title} back surface="white">
      {body}
    </ScreenLayout>
  );
}
