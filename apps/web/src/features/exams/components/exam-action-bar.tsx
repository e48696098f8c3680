import { Link } from '../../../components/ui/router-link';
import { useTranslation } from '../../../lib/i18n';
import { ActionBar, ActionButton, ActionLink, DisabledAction } from '../../../components/catalogue/action-bar';
import { href } from '../../../config/route-paths';
import type { ExamAction, ExamLatestResult } from '../logic/exam-status';

const disabledText = {
  comingSoon: 'exams.action.comingSoon',
  ended: 'exams.action.ended',
  late: 'exams.action.late',
  notStarted: 'exams.action.notStarted',
  noAttemptsLeft: 'exams.action.noAttemptsLeft',
  // Start stays in its place, disabled, described by the rule above it.
  progressRequired: 'exams.action.start',
} as const;

/** A secondary action beside the main one: outlined, the same height. */
const secondary =
  'flex h-11 shrink-0 items-center justify-center rounded-full border border-brand-strong px-4 text-[0.9375rem] font-medium text-brand-strong active:opacity-80 disabled:opacity-60';

interface ExamActionBarProps {
  uid: string;
  action: ExamAction;
  /** The open attempt (action `continue`): Give up abandons it. */
  openAttemptId: number | null;
  latest: ExamLatestResult | null;
  joining: boolean;
  givingUp: boolean;
  onEnroll(): void;
  onGiveUp(attemptId: number): void;
  /** The note that says why the main action is disabled (the course to study first). */
  reasonId?: string | undefined;
}

/**
 * The exam's main action (enroll, buy, start, continue, test again, or why none is possible
 * now) with one secondary action beside it: Give up while an attempt is open, else the latest
 * submitted attempt's grades (or where it stands while a teacher reviews it).
 */
export function ExamActionBar(props: ExamActionBarProps) {
  const { uid, action, openAttemptId, latest, joining, givingUp, onEnroll, onGiveUp, reasonId } = props;
  const { t } = useTranslation();
  let main;
  switch (action) {
    case 'enroll':
      main = (
        <ActionButton
          onClick={onEnroll}
          busy={joining}
          label={t('exams.action.enroll')}
          busyLabel={t('exams.action.enrolling')}
          testId="exam-enroll"
        />
      );
      break;
    case 'buy':
      main = (
        <ActionLink to={href('orderConfirm', {}, { type: 'EXAM', uid })} testId="exam-buy">
          {t('exams.action.buy')}
        </ActionLink>
      );
      break;
    case 'start':
    case 'retake':
    case 'continue':
      main = (
        <ActionLink to={href('examTest', { uid })} testId={`exam-${action}`}>
          {t(`exams.action.${action}`)}
        </ActionLink>
      );
      break;
    default:
      main = (
        <DisabledAction testId={`exam-${action}`} describedBy={action === 'progressRequired' ? reasonId : undefined}>
          {t(disabledText[action])}
        </DisabledAction>
      );
  }

  let aside = null;
  if (action === 'continue' && openAttemptId !== null) {
    aside = (
      <button
        type="button"
        className={secondary}
        onClick={() => onGiveUp(openAttemptId)}
        disabled={givingUp}
        aria-busy={givingUp || undefined}
        data-testid="exam-give-up"
      >
        {givingUp ? t('exams.action.givingUp') : t('exams.action.giveUp')}
      </button>
    );
  } else if (latest !== null) {
    aside = (
      <Link
        to={href('examTestResult', { uid }, { attempt: latest.attemptId })}
        className={secondary}
        data-testid="exam-view-result"
        data-kind={latest.kind}
      >
        {t(latest.kind === 'scored' ? 'exams.action.viewGrades' : 'exams.action.viewReviewing')}
      </Link>
    );
  }

  return (
    <ActionBar>
      <div className="flex items-center gap-2">
        {aside}
        <div className="min-w-0 flex-1">{main}</div>
      </div>
    </ActionBar>
  );
}
