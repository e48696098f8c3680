import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../config/route-paths';
import type { ClassroomAction } from '../logic/enrol';

const bar =
  'sticky bottom-0 z-10 border-t border-line bg-surface px-4 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]';
const primary =
  'flex h-11 w-full items-center justify-center rounded-full bg-brand-strong text-[0.9375rem] font-semibold text-white active:opacity-80 disabled:opacity-60';
const muted =
  'flex h-11 w-full items-center justify-center rounded-full bg-canvas text-[0.9375rem] font-medium text-ink-muted';

const disabledText = {
  comingSoon: 'classrooms.action.comingSoon',
  notOpen: 'classrooms.action.notOpen',
  ended: 'classrooms.action.ended',
  full: 'classrooms.action.full',
} as const;

interface ClassroomActionBarProps {
  uid: string;
  action: ClassroomAction;
  joining: boolean;
  onEnrol(): void;
}

/** The bottom bar's one action: enrol, buy, or why neither is possible; members see "Enrolled". */
export function ClassroomActionBar({ uid, action, joining, onEnrol }: ClassroomActionBarProps) {
  const { t } = useTranslation();
  let content;
  if (action === 'enrol') {
    content = (
      <button
        type="button"
        onClick={onEnrol}
        disabled={joining}
        aria-busy={joining || undefined}
        className={primary}
        data-testid="classroom-enrol"
      >
        {joining ? t('classrooms.action.enrolling') : t('classrooms.action.enrol')}
      </button>
    );
  } else if (action === 'buy') {
    content = (
      <Link to={href('orderConfirm', {}, { type: 'CLASSROOM', uid })} className={primary} data-testid="classroom-buy">
        {t('classrooms.action.buy')}
      </Link>
    );
  } else if (action === 'enrolled') {
    content = (
      <p className={`${muted} text-success`} data-testid="classroom-enrolled">
        {t('classrooms.action.enrolled')}
      </p>
    );
  } else {
    content = (
      <button type="button" disabled className={muted} data-testid={`classroom-${action}`}>
        {t(disabledText[action])}
      </button>
    );
  }
  return <div className={bar}>{content}</div>;
}
