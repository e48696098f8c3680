import type { LessonDetail, LessonRefusal } from '@school/contract/lessons';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { AlertIcon, ClockIcon, LockIcon, UserIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isoDate } from '../../../lib/format';
import { session } from '../../../lib/session';
import { lessonRouteName, type PlayerMode } from '../logic/lesson-access';
import { CourseOfferLink } from './course-offer-link';
import { primaryButtonClass } from '../../../components/form/form-styles';

interface RefusalPanelProps {
  refusal: LessonRefusal;
  lesson: Pick<LessonDetail, 'course' | 'membership'>;
  mode: PlayerMode;
  onCheckAgain(): void;
}

/** Sends a logged-out learner to log in, coming back to this lesson afterwards (lastUrl). */
function LoginButton({ label, subtle = false }: { label: string; subtle?: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onLogin = () => {
    const here = `${pathname}${search}`;
    session.saveLastUrl(here);
    void navigate(href('login'), { state: { from: here } });
  };
  return (
    <button
      type="button"
      onClick={onLogin}
      className={subtle ? 'mt-4 text-sm text-brand-strong underline' : primaryButtonClass}
    >
      {label}
    </button>
  );
}

/**
 * Why the lesson does not play, and what the learner can do about it (never a blank screen):
 * wait for the conversion or the live room, finish the blocking lesson, join / buy / renew, or log in.
 */
export function RefusalPanel({ refusal, lesson, mode, onCheckAgain }: RefusalPanelProps) {
  const { t } = useTranslation();
  let body;
  switch (refusal.code) {
    case 'conversionNotCompleted':
      body = (
        <StateMessage
          role="status"
          icon={<ClockIcon />}
          title={t('lessons.refusal.preparing')}
          description={t(`lessons.refusal.preparing.${refusal.conversionStatus}`)}
          action={
            refusal.conversionStatus === 'FAILED' ? undefined : (
              <button type="button" onClick={onCheckAgain} className={primaryButtonClass}>
                {t('lessons.refusal.checkAgain')}
              </button>
            )
          }
        />
      );
      break;
    case 'lessonLocked':
      body = (
        <StateMessage
          icon={<LockIcon />}
          title={t('lessons.refusal.locked')}
          description={t('lessons.refusal.lockedWhy', { title: refusal.blockingLesson.title })}
          action={
            <Link
              to={href(lessonRouteName(mode), { id: refusal.blockingLesson.id })}
              className={primaryButtonClass}
              data-testid="blocking-lesson"
            >
              {t('lessons.refusal.goToBlocking', { title: refusal.blockingLesson.title })}
            </Link>
          }
        />
      );
      break;
    case 'memberExpired':
      body = (
        <StateMessage
          icon={<ClockIcon />}
          title={t('lessons.refusal.expired')}
          description={t('lessons.refusal.expiredWhen', { date: isoDate(new Date(refusal.expiredAt)) })}
          action={<CourseOfferLink lesson={lesson} />}
        />
      );
      break;
    case 'notCourseMember':
      body = (
        <StateMessage
          icon={<LockIcon />}
          title={t(mode === 'try' ? 'lessons.refusal.notTrial' : 'lessons.refusal.notMember')}
          description={t(mode === 'try' ? 'lessons.refusal.notTrialWhy' : 'lessons.refusal.notMemberWhy')}
          action={<CourseOfferLink lesson={lesson} />}
        />
      );
      break;
    case 'unauthorized':
      // Previewing: the lesson has no preview; the course is the way in, logging in the other.
      body =
        mode === 'try' ? (
          <StateMessage
            icon={<LockIcon />}
            title={t('lessons.refusal.notTrial')}
            description={t('lessons.refusal.notTrialWhy')}
            action={
              <div className="flex flex-col items-center">
                <CourseOfferLink lesson={lesson} />
                <LoginButton label={t('lessons.refusal.haveAccount')} subtle />
              </div>
            }
          />
        ) : (
          <StateMessage
            icon={<UserIcon />}
            title={t('lessons.refusal.login')}
            description={t('lessons.refusal.loginWhy')}
            action={<LoginButton label={t('lessons.refusal.loginButton')} />}
          />
        );
      break;
    case 'liveLoadFailed':
      body = (
        <StateMessage
          role="status"
          icon={<AlertIcon />}
          title={t('error.liveLoadFailed')}
          description={t('lessons.refusal.liveLoadFailedWhy')}
          action={
            <button type="button" onClick={onCheckAgain} className={primaryButtonClass}>
              {t('lessons.refusal.checkAgain')}
            </button>
          }
        />
      );
      break;
    default:
      // A refusal this screen does not know yet (a newer server): still never a blank screen.
      body = <StateMessage icon={<AlertIcon />} title={t('ui.error.title')} />;
  }
  return (
    <div className="bg-surface" data-testid="lesson-refusal" data-code={refusal.code}>
      {body}
    </div>
  );
}
