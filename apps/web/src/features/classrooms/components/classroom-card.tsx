import type { ClassroomSummary } from '@school/contract/classrooms';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';

/** A classroom in a list: cover, title, course and learner counts, price or "coming soon". */
export function ClassroomCard({ classroom, eager = false }: { classroom: ClassroomSummary; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <ProductCard
      to={href('classroomDetail', { uid: classroom.uid })}
      cover={classroom.cover}
      title={classroom.title}
      meta={
        <>
          {t('classrooms.card.courses', { count: classroom.courseCount })}
          <span aria-hidden="true"> · </span>
          {t('classrooms.card.students', { count: classroom.studentCount })}
        </>
      }
      price={classroom.price}
      product={{ type: 'CLASSROOM', uid: classroom.uid }}
      badge={
        classroom.status === 'DRAFT' ? (
          <span className="rounded bg-brand-soft px-1.5 py-0.5 text-xs text-brand-strong">
            {t('classrooms.card.comingSoon')}
          </span>
        ) : undefined
      }
      eager={eager}
      testId="classroom-card"
    />
  );
}
