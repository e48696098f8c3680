import type { CourseDetail } from '@school/contract/courses';
import { useTranslation } from '../../../lib/i18n';
import { CoverImage } from '../../../components/catalogue/cover-image';
import { PriceTag } from '../../../components/catalogue/price-tag';
import { RatingStars } from '../../../components/catalogue/rating-stars';
import { isoDate } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { couponDiscount, validityText } from '../logic/course-text';

/** The top of the course page: cover, title, price and coupon, the numbers and validity, tags. */
export function CourseOverview({ course }: { course: CourseDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const validity = validityText(course.validity);
  const { membership } = course;

  return (
    <section aria-labelledby="course-title" className="bg-surface">
      {/* Its alt is empty: the title follows. */}
      <CoverImage src={course.cover} alt="" className="w-full" />
      <div className="space-y-2 px-4 py-3">
        <h2 id="course-title" className="text-lg font-semibold leading-snug text-ink" data-testid="course-title">
          {course.title}
        </h2>
        {course.subtitle ? <p className="text-sm text-ink-muted">{course.subtitle}</p> : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <PriceTag price={course.price} size="lg" />
          {course.coupon ? (
            <span
              className="rounded border border-danger px-1.5 py-0.5 text-xs text-danger"
              data-testid="course-coupon"
            >
              {t('courses.coupon', { title: course.coupon.title, discount: couponDiscount(course.coupon, locale) })}
            </span>
          ) : null}
        </div>
        <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted" data-testid="course-facts">
          <li>{t('courses.lessons', { count: course.lessonCount })}</li>
          <li>{t('courses.students', { count: course.studentCount })}</li>
          {/* No ratings yet is said once, by the Ratings tab (with who may rate): not here as well. */}
          {course.ratingCount > 0 ? (
            <li className="flex items-center gap-1">
              <RatingStars score={course.ratingScore} />
              <span aria-hidden="true">{course.ratingScore.toFixed(1)}</span>
            </li>
          ) : null}
          <li data-testid="course-validity">
            {/* One of four ids (the compiler knows them), each with its own values: checked by validityText's tests. */}
            {t(validity.id, validity.values)}
          </li>
        </ul>
        {membership ? (
          <p className="text-xs text-ink-muted" data-testid="course-membership">
            {membership.expired
              ? t('courses.membership.expired')
              : [
                  t('courses.membership.progress', { progress: membership.progress }),
                  membership.expiresAt
                    ? t('courses.membership.expiresAt', { date: isoDate(new Date(membership.expiresAt)) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
          </p>
        ) : null}
        {course.category || course.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" data-testid="course-tags">
            {course.category ? (
              <li className="rounded bg-brand-soft px-2 py-0.5 text-xs text-brand-strong">
                {t('courses.category', { name: course.category.name })}
              </li>
            ) : null}
            {course.tags.map((tag) => (
              <li key={tag.id} className="rounded bg-canvas px-2 py-0.5 text-xs text-ink-muted">
                {tag.name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
