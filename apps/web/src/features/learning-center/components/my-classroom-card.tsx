import type { MyClassroom } from '@school/contract/learning';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { href } from '../../../config/route-paths';
import { LastStudied, RefundPending } from './last-studied';
import { LearningCard } from './learning-card';
import { LearningProgress } from './learning-progress';
import { MembershipMenu } from './membership-menu';

/**
 * A classroom of the learner: cover, title, last studied and completed courses. The title's link
 * covers the whole card (the classroom page); the "more" menu (quit) in the last row sits above
 * it, beside it rather than inside it.
 */
export function MyClassroomCard({ classroom, eager = false }: { classroom: MyClassroom; eager?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <LearningCard
      titleId={titleId}
      testId="my-classroom"
      cover={classroom.cover}
      title={classroom.title}
      to={href('classroomDetail', { uid: classroom.uid })}
      eager={eager}
      facts={
        <>
          <LastStudied at={classroom.lastLearnedAt} />
          <RefundPending pending={classroom.refundPending} />
        </>
      }
      footer={
        <>
          <div className="min-w-[9rem] flex-1">
            <LearningProgress
              percent={classroom.progress}
              label={t('learning.progress.of', { title: classroom.title })}
              detail={t('learning.classroom.courses', {
                completed: classroom.completedCourseCount,
                total: classroom.courseCount,
              })}
            />
          </div>
          <MembershipMenu kind="classroom" uid={classroom.uid} title={classroom.title} leave={classroom.leave} />
        </>
      }
    />
  );
}
