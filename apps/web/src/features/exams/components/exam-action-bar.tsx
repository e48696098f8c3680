import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../config/route-paths';
import type { ExamAction } from '../logic/exam-status';

const bar =
  'sticky bottom-0 z-10 border-t border-line bg-surface px-4 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]';
const primary =
  'flex h-11 w-full items-center justify-center rounded-full bg-brand-strong text-[0.9375rem] font-semibold text-white active:opacity-80 disabled:opacity-60';
const muted =
  'flex h-11 w-full items-center justify-center rounded-full bg-canvas text-[0.9375rem] font-medium text-ink-muted';

const disabledText = {
  comingSoon: 'exams.action.comingSoon',
  ended: 'exams.action.ended',
  late: 'exams.action.late',
  notStarted: 'exams.action.notStarted',
  noAttemptsLeft: 'exams.action.noAttemptsLeft',
} as const;

interface ExamActionBarProps {
  uid: string;
  action: ExamAction;
  joining: boolean;
  onEnroll(): void;
}

/** The exam's one action: enroll, buy, start (or again), or why none of them is possible now. */
export function ExamActionBar({ uid, action, joining, onEnroll }: ExamActionBarProps) {
  const { t } = useTranslation();
  let content;
  switch (action) {
    case 'enroll':
      content = (
        <button
          type="button"
          onClick={onEnroll}
          disabled={joining}
          aria-busy={joining || undefined}
          className={primary}
          data-testid="exam-enroll"
        >
          {joining ? t('exams.action.enrolling') : t('exams.action.enroll')}
        </button>
      );
      break;
    case 'buy':
      content = (
        <Link to={href('orderConfirm', {}, { type: 'EXAM', uid })} className={primary} data-testid="exam-buy">
          {t('exams.action.buy')}
        </Link>
      );
      break;
    case 'start':
    case 'retake':
      content = (
        <Link to={href('examTest', { uid })} className={primary} data-testid="exam-start">
          {t(action === 'start' ? 'exams.action.start' : 'exams.action.retake')}
        </Link>
      );
      break;
    default:
      content = (
        <button type="button" disabled className={muted} data-testid={`exam-${action}`}>
          {t(disabledText[action])}
        </button>
      );
  }
  return <div className={bar}>{content}</div>;
}
