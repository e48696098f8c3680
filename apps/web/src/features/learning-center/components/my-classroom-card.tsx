import type { MyClassroom } from '@school/contract/learning';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { LastStudied, RefundPending } from './last-studied';
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
    <article
      aria-labelledby={titleId}
      className="relative rounded-card bg-surface p-3 shadow-card has-[a:active]:bg-canvas"
      data-testid="my-classroom-card"
    >
      <div className="flex gap-3">
        <div className="relative aspect-video w-[8.5rem] shrink-0 overflow-hidden rounded-lg bg-line">
          <img
            src={classroom.cover}
            alt=""
            width={320}
            height={180}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 id={titleId} className="line-clamp-2 text-sm leading-snug font-semibold text-ink">
            <Link
              to={href('classroomDetail', { uid: classroom.uid })}
              className="after:absolute after:inset-0 after:rounded-card"
              data-testid="my-classroom-link"
            >
              {classroom.title}
            </Link>
          </h3>
          <LastStudied at={classroom.lastLearnedAt} />
          <RefundPending pending={classroom.refundPending} />
        </div>
      </div>
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
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
      </div>
    </article>
  );
}
