import { useTranslation } from 'react-i18next';
import { ActionBar, ActionButton, ActionLink, DisabledAction } from '../../../components/catalogue/action-bar';
import { href } from '../../../config/route-paths';
import type { ExamAction } from '../logic/exam-status';

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
      content = (
        <ActionLink to={href('orderConfirm', {}, { type: 'EXAM', uid })} testId="exam-buy">
          {t('exams.action.buy')}
        </ActionLink>
      );
      break;
    case 'start':
    case 'retake':
      content = (
        <ActionLink to={href('examTest', { uid })} testId="exam-start">
          {t(action === 'start' ? 'exams.action.start' : 'exams.action.retake')}
        </ActionLink>
      );
      break;
    default:
      content = <DisabledAction testId={`exam-${action}`}>{t(disabledText[action])}</DisabledAction>;
  }
  return <ActionBar>{content}</ActionBar>;
}
