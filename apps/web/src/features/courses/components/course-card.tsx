import type { CourseSummary } from '@school/contract/courses';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';

/** A course in a list: cover, title, lessons and learners, price; DRAFT says "coming soon". */
export function CourseCard({ course, eager = false }: { course: CourseSummary; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <ProductCard
      to={href('courseDetail', { uid: course.uid })}
      cover={course.cover}
      title={course.title}
      subtitle={course.subtitle}
      eager={eager}
      testId="course-card"
      meta={
        <span>
          {t('courses.lessons', { count: course.lessonCount })}
          <span aria-hidden="true"> · </span>
          {t('courses.students', { count: course.studentCount })}
        </span>
      }
      price={course.price}
      product={{ type: 'COURSE', uid: course.uid }}
      badge={
        course.status === 'DRAFT' ? (
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs text-brand-strong">
            {t('courses.comingSoon')}
          </span>
        ) : null
      }
    />
  );
}
