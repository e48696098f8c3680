import type { MyClassroom } from '@school/contract/learning';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';
import { LastStudied, RefundPending } from './last-studied';
import { LearningProgress } from './learning-progress';

/** A classroom of the learner: cover, title, last studied and completed courses, to its page. */
export function MyClassroomCard({ classroom, eager = false }: { classroom: MyClassroom; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <ProductCard
      to={href('classroomDetail', { uid: classroom.uid })}
      cover={classroom.cover}
      title={classroom.title}
      eager={eager}
      testId="my-classroom-card"
      meta={
        <>
          <LastStudied at={classroom.lastLearnedAt} />
          <RefundPending pending={classroom.refundPending} />
          <LearningProgress
            percent={classroom.progress}
            label={t('learning.progress.of', { title: classroom.title })}
            detail={t('learning.classroom.courses', {
              completed: classroom.completedCourseCount,
              total: classroom.courseCount,
            })}
          />
        </>
      }
    />
  );
}
