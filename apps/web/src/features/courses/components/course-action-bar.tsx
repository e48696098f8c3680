import type { CourseDetail } from '@school/contract/courses';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { PriceTag } from '../../../components/catalogue/price-tag';
import { href } from '../../../config/route-paths';
import { session } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session-user';
import { useJoinCourse } from '../api/join-course';
import { courseAction } from '../logic/course-action';

const primaryClass =
  'flex h-11 min-w-[9rem] flex-1 items-center justify-center rounded-full bg-brand-strong px-6 text-[0.9375rem] font-medium text-on-brand active:opacity-80 disabled:opacity-70';
const disabledClass =
  'flex h-11 min-w-[9rem] flex-1 items-center justify-center rounded-full bg-line px-6 text-[0.9375rem] font-medium text-ink-muted';

/** The height the bar covers, so the page's end stays readable above it. */
export const actionBarSpace = 'pb-[calc(4rem+env(safe-area-inset-bottom))]';

/** The fixed bottom bar: the one thing to do with this course next. */
export function CourseActionBar({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const join = useJoinCourse(course.uid);
  const action = courseAction(course);

  function onJoin() {
    if (!user) {
      // As the app's gates do: come back here after signing in.
      const here = `${pathname}${search}`;
      session.saveLastUrl(here);
      void navigate(href('login'), { state: { from: here } });
      return;
    }
    join.mutate(undefined, { onSuccess: () => showToast(t('courses.action.joined'), 'success') });
  }

  let control;
  switch (action.kind) {
    case 'start':
    case 'continue':
      control = (
        <Link to={href('lessonLearn', { id: action.lessonId })} className={primaryClass} data-testid="course-action">
          {t(action.kind === 'start' ? 'courses.action.start' : 'courses.action.continue')}
        </Link>
      );
      break;
    case 'join':
      control = (
        <button
          type="button"
          onClick={onJoin}
          disabled={join.isPending}
          className={primaryClass}
          data-testid="course-action"
        >
          {join.isPending ? t('courses.action.joining') : t('courses.action.join')}
        </button>
      );
      break;
    case 'buy':
      control = (
        <Link
          to={href('orderConfirm', {}, { type: 'COURSE', uid: course.uid })}
          className={primaryClass}
          data-testid="course-action"
        >
          {t('courses.action.buy')}
        </Link>
      );
      break;
    default:
      control = (
        <button type="button" disabled className={disabledClass} data-testid="course-action">
          {t(
            action.kind === 'comingSoon'
              ? 'courses.action.comingSoon'
              : action.kind === 'expired'
                ? 'courses.action.expired'
                : 'courses.action.noLessons',
          )}
        </button>
      );
  }

  const showPrice = action.kind === 'join' || action.kind === 'buy';
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 mx-auto flex max-w-[768px] items-center gap-3 border-t border-line bg-surface px-4 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]">
      {showPrice ? <PriceTag price={course.price} className="shrink-0" /> : null}
      {control}
    </div>
  );
}
