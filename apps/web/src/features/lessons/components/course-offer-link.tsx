import type { LessonDetail } from '@school/contract/lessons';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { courseOffer } from '../logic/lesson-access';
import { primaryButtonClass } from '../../../components/form/form-styles';

/**
 * The course's join / buy button for a learner who cannot (or no longer can) study the lesson.
 * It leads to the course's page, where joining and buying happen with their own rules.
 */
export function CourseOfferLink({
  lesson,
  className = '',
}: {
  lesson: Pick<LessonDetail, 'course' | 'membership'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { price } = lesson.course;
  const amount = formatPrice(price.amount, price.currency, locale);
  const offer = courseOffer(lesson);
  const label =
    offer === 'join'
      ? t('lessons.cta.join')
      : offer === 'buy'
        ? t('lessons.cta.buy', { price: amount })
        : offer === 'renew'
          ? t('lessons.cta.renew', { price: amount })
          : t('lessons.cta.view');
  return (
    <Link
      to={href('courseDetail', { uid: lesson.course.uid })}
      className={`${primaryButtonClass} ${className}`}
      data-testid="course-offer"
    >
      {label}
    </Link>
  );
}
