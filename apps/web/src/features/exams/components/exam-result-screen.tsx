import { useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { EmptyState } from '../../../components/ui/state-message';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { useAttemptResult } from '../api/get-attempt-result';
import { useExam } from '../api/get-exam';
import { attemptIdOf } from '../logic/exam-result';
import { ResultAnalysis } from './exam-result-analysis';
import { ResultReport, ResultSummary } from './exam-result-report';

function ResultSkeleton() {
  return (
    <LoadingRegion>
      <div className="space-y-3 bg-surface p-4">
        <SkeletonBlock className="mx-auto h-10 w-1/3" />
        <SkeletonBlock className="h-24" />
      </div>
      <div className="mt-2 bg-surface p-4">
        <SkeletonBlock className="h-32" />
      </div>
    </LoadingRegion>
  );
}

/**
 * /exam/:uid/test/result?attempt={id}: one submitted attempt's score, pass or fail (or
 * reviewing), correct percentage, used and submit time, the report by quiz type and the
 * analysis once the server shows it (until then, when it will). Without `attempt`, the exam
 * detail's latest submitted attempt is shown.
 */
export default function ExamResultScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const [search] = useSearchParams();
  const param = search.get('attempt');
  const named = attemptIdOf(param);
  // The detail is asked only when the address names no attempt.
  const exam = useExam(uid, param === null);
  const attemptId = param === null ? (exam.data?.membership?.latestAttempt?.id ?? null) : named;
  const result = useAttemptResult(attemptId);

  const notFound = { title: t('exams.result.notFoundTitle'), description: t('exams.result.notFound') };
  let body;
  if (param !== null && named === null) {
    body = <DetailUnavailable error={null} missing onRetry={() => undefined} notFound={notFound} />;
  } else if (param === null && exam.isError) {
    body = <DetailUnavailable error={exam.error} onRetry={() => void exam.refetch()} notFound={notFound} />;
  } else if (param === null && exam.data && attemptId === null) {
    body = <EmptyState title={t('exams.result.noneTitle')} description={t('exams.result.none')} />;
  } else if (result.data) {
    body = (
      <>
        <ResultSummary result={result.data} />
        <ResultReport report={result.data.report} />
        <ResultAnalysis analysis={result.data.analysis} hiddenUntil={result.data.analysisHiddenUntil} />
      </>
    );
  } else if (result.isError) {
    body = <DetailUnavailable error={result.error} onRetry={() => void result.refetch()} notFound={notFound} />;
  } else {
    body = <ResultSkeleton />;
  }

  return (
    <ScreenLayout title={t('route.examTestResult')} back>
      {body}
      <div className="p-4">
        <Link
          to={href('examDetail', { uid })}
          className="flex h-11 w-full items-center justify-center rounded-full border border-brand-strong text-[0.9375rem] font-medium text-brand-strong active:opacity-80"
          data-testid="result-back-to-exam"
        >
          {t('exams.result.backToExam')}
        </Link>
      </div>
    </ScreenLayout>
  );
}
