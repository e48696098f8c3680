import type { ClassroomMembership } from '@school/contract/classrooms';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ProgressBar } from '../../../components/ui/progress-bar';

/** A member's progress: completed courses of all, as words and as a bar. */
export function ClassroomProgress({
  membership,
  courseCount,
}: {
  membership: ClassroomMembership;
  courseCount: number;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const text = t('classrooms.progress.courses', { completed: membership.completedCourseCount, total: courseCount });
  return (
    <section aria-labelledby={labelId} className="rounded-lg bg-canvas px-3 py-2.5" data-testid="classroom-progress">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <h3 id={labelId} className="font-medium text-ink">
          {t('classrooms.progress.label')}
        </h3>
        <span className="text-xs text-ink-muted">{text}</span>
      </div>
      <ProgressBar percent={membership.progress} labelledBy={labelId} detail={text} className="mt-2" />
    </section>
  );
}
