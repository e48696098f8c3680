import { useTranslation } from '../../../lib/i18n';
import {
  ActionBar,
  ActionButton,
  ActionLink,
  actionMutedClass,
  DisabledAction,
} from '../../../components/catalogue/action-bar';
import { href } from '../../../config/route-paths';
import type { ClassroomAction } from '../logic/enrol';

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
      <ActionButton
        onClick={onEnrol}
        busy={joining}
        label={t('classrooms.action.enrol')}
        busyLabel={t('classrooms.action.enrolling')}
        testId="classroom-enrol"
      />
    );
  } else if (action === 'buy') {
    content = (
      <ActionLink to={href('orderConfirm', {}, { type: 'CLASSROOM', uid })} testId="classroom-buy">
        {t('classrooms.action.buy')}
      </ActionLink>
    );
  } else if (action === 'enrolled') {
    content = (
      <p className={`${actionMutedClass} text-success`} data-testid="classroom-enrolled">
        {t('classrooms.action.enrolled')}
      </p>
    );
  } else {
    content = <DisabledAction testId={`classroom-${action}`}>{t(disabledText[action])}</DisabledAction>;
  }
  return <ActionBar>{content}</ActionBar>;
}
