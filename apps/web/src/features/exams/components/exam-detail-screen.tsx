import type { ExamDetail, ExamRequirement } from '@school/contract/exams';
import { memo, useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { CoverImage } from '../../../components/catalogue/cover-image';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { PriceTag } from '../../../components/catalogue/price-tag';
import { RequirementNote } from '../../../components/catalogue/requirement-note';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { TeacherList } from '../../../components/catalogue/teacher-card';
import { FavouriteStarSlot } from '../../../components/catalogue/favourite-star-slot';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { AlertIcon, InfoIcon } from '../../../components/ui/icons';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { confirmDialog } from '../../../lib/confirm-dialog';
import { useServerClock } from '../../../lib/server-clock';
import { showToast } from '../../../lib/toast';
import { useLoginFirst } from '../../../lib/use-login-first';
import { useExam } from '../api/get-exam';
import { useGiveUpAttempt } from '../api/give-up-attempt';
import { useJoinExam } from '../api/join-exam';
import { requirementUnmet } from '@school/contract/exam-requirement';
import { examStatus, examTipMessage, type ExamTip } from '../logic/exam-status';
import { ExamActionBar } from './exam-action-bar';
import { ExamAttemptHistory } from './exam-attempt-history';
import { ExamFacts } from './exam-facts';

const minute = 60_000;

/** Whether a moment that changes the tip or the button is still ahead: only then does the clock tick. */
function hasBoundaryAhead(exam: ExamDetail): boolean {
  const now = Date.parse(exam.now);
  const start = exam.startTime ? Date.parse(exam.startTime) : null;
  const end = exam.endTime ? Date.parse(exam.endTime) : null;
  const lateAt = exam.closedExam && start !== null && exam.lateLimit !== null ? start + exam.lateLimit * minute : null;
  return [start, end, lateAt].some((at) => at !== null && at > now);
}

function ExamTipBanner({ tip }: { tip: ExamTip }) {
  const { t } = useTranslation();
  const message = examTipMessage(tip);
  const warning = tip.kind === 'late' || tip.kind === 'ended';
  return (
    <p
      className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${
        warning ? 'bg-canvas text-warning' : 'bg-brand-soft text-brand-strong'
      }`}
      data-testid="exam-tip"
      data-kind={tip.kind}
    >
      {warning ? <AlertIcon className="mt-0.5 shrink-0" /> : <InfoIcon className="mt-0.5 shrink-0" />}
      <span>{t(message.id, message.values)}</span>
    </p>
  );
}

/** Brief and reviewers: memoised so the clock's ticks leave them alone. */
const ExamSections = memo(function ExamSections({ exam }: { exam: ExamDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="exam-brief" className="mt-2 bg-surface p-4" data-testid="exam-brief">
        <h2 id="exam-brief" className="mb-2 text-base font-semibold text-ink">
          {t('exams.detail.brief')}
        </h2>
        {exam.brief.trim() ? (
          <RichHtml html={exam.brief} />
        ) : (
          <p className="text-sm text-ink-muted">{t('exams.detail.briefEmpty')}</p>
        )}
      </section>
      {exam.reviewers.length ? (
        <section aria-labelledby="exam-reviewers" className="mt-2 bg-surface p-4" data-testid="exam-reviewers">
          <h2 id="exam-reviewers" className="mb-2 text-base font-semibold text-ink">
            {t('exams.detail.reviewers')}
          </h2>
          <TeacherList teachers={exam.reviewers} />
        </section>
      ) : null}
    </>
  );
});

/** The course to study first: the rule, the learner's share so far, and the way back to it. */
function ExamRequirementNote({ id, requirement }: { id: string; requirement: ExamRequirement }) {
  const { t } = useTranslation();
  const yours = requirement.yourProgress;
  return (
    <RequirementNote
      id={id}
      rule={t('exams.requirement.rule', { progress: requirement.progress, course: requirement.course.title })}
      standing={yours === null ? undefined : t('exams.requirement.yours', { progress: yours })}
      met={!requirementUnmet(requirement)}
      way={{ to: href('courseDetail', { uid: requirement.course.uid }), label: t('exams.requirement.continue') }}
      testId="exam-requirement"
    />
  );
}

function ExamDetailView({ exam, receivedAt }: { exam: ExamDetail; receivedAt: number }) {
  const { t } = useTranslation();
  const requirementId = useId();
  const now = useServerClock({ serverNow: exam.now, receivedAt, enabled: hasBoundaryAhead(exam) });
  const status = examStatus(exam, now);
  const join = useJoinExam(exam.uid);
  const loginFirst = useLoginFirst();
  const onEnroll = () =>
    loginFirst(() => join.mutate(undefined, { onSuccess: () => showToast(t('exams.action.enrolled'), 'success') }));
  const giveUp = useGiveUpAttempt(exam.uid);
  const navigate = useNavigate();
  const onGiveUp = async (attemptId: number) => {
    const sure = await confirmDialog({
      title: t('exams.giveUp.title'),
      content: t('exams.giveUp.content'),
      confirmText: t('exams.giveUp.confirm'),
      cancelText: t('exams.giveUp.cancel'),
    });
    if (!sure) return;
    // A refusal is told by the API client's notice; the refetched detail then shows where things stand.
    giveUp.mutate(attemptId, {
      onSuccess: (result) => void navigate(href('examTestResult', { uid: exam.uid }, { attempt: result.id })),
    });
  };

  return (
    <>
      <CoverImage src={exam.cover} alt={t('exams.detail.coverAlt', { title: exam.title })} className="w-full" />
      <section className="space-y-3 bg-surface p-4" data-testid="exam-summary">
        <h2 className="text-lg leading-snug font-semibold text-ink" data-testid="exam-title">
          {exam.title}
        </h2>
        <PriceTag price={exam.price} size="lg" />
        {status.tip ? <ExamTipBanner tip={status.tip} /> : null}
        {exam.requirement ? <ExamRequirementNote id={requirementId} requirement={exam.requirement} /> : null}
        {status.latest?.kind === 'reviewing' ? (
          <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-strong" data-testid="exam-reviewing">
            {t('exams.detail.reviewingNote')}
          </p>
        ) : null}
        <ExamFacts exam={exam} attemptsLeft={status.attemptsLeft} />
      </section>
      {exam.membership ? (
        <ExamAttemptHistory
          uid={exam.uid}
          attempts={exam.membership.attempts}
          attemptsUsed={exam.membership.attemptsUsed}
        />
      ) : null}
      <ExamSections exam={exam} />
      <ExamActionBar
        uid={exam.uid}
        action={status.action}
        openAttemptId={status.openAttemptId}
        latest={status.latest}
        joining={join.isPending}
        givingUp={giveUp.isPending}
        onEnroll={onEnroll}
        onGiveUp={(attemptId) => void onGiveUp(attemptId)}
        reasonId={requirementId}
      />
    </>
  );
}

/**
 * /single/exams/:uid and /exam/:uid: the exam's facts, a tip about its timing (from the
 * server's clock), brief, reviewers and the bar through the whole flow: enroll or buy, start,
 * continue or give up an open attempt, test again, and the latest result (grades, or reviewing).
 */
export default function ExamDetailScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const query = useExam(uid);

  let body;
  if (query.data) {
    body = <ExamDetailView exam={query.data} receivedAt={query.dataUpdatedAt} />;
  } else if (query.isError) {
    body = (
      <DetailUnavailable
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={{ title: t('error.examNotFound'), description: t('exams.detail.notFound') }}
        notPublished={{
          code: 'examNotPublished',
          title: t('error.examNotPublished'),
          description: t('exams.detail.notPublished'),
        }}
      />
    );
  } else {
    body = (
      <LoadingRegion>
        <SkeletonBlock className="aspect-video w-full rounded-none" />
        <div className="space-y-3 bg-surface p-4">
          <SkeletonBlock className="h-5 w-4/5" />
          <SkeletonBlock className="h-6 w-1/4" />
          <SkeletonBlock className="h-40" />
        </div>
      </LoadingRegion>
    );
  }

  return (
    <ScreenLayout title={t('route.examDetail')} back actions={<FavouriteStarSlot type="EXAM" uid={uid} />}>
      {body}
    </ScreenLayout>
  );
}
