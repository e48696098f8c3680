import type { MyCourse } from '@school/contract/learning';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { isoDate } from '../../../lib/format';
import { LastStudied, RefundPending } from './last-studied';
import { LearningCard } from './learning-card';
import { LearningProgress } from './learning-progress';
import { MembershipMenu } from './membership-menu';

type ActionLabel = 'learning.course.start' | 'learning.course.continue' | 'learning.course.review';

/** Where the card's button goes and what it says; null when there is no lesson to open. */
export function courseAction(course: MyCourse): { lessonId: number; label: ActionLabel } | null {
  const lessonId = course.lastLessonId ?? course.firstLessonId;
  // An expired membership cannot open a lesson: the card leads to the course, to renew it.
  if (lessonId === null || course.expired) return null;
  const label: ActionLabel =
    course.learningStatus === 'COMPLETED'
      ? 'learning.course.review'
      : course.learningStatus === 'NOT_STARTED'
        ? 'learning.course.start'
        : 'learning.course.continue';
  return { lessonId, label };
}

function Validity({ course }: { course: MyCourse }) {
  const { t } = useTranslation();
  if (course.expiresAt === null) return <>{t('learning.course.noTimeLimit')}</>;
  const date = isoDate(new Date(course.expiresAt));
  return course.expired ? (
    <span className="text-danger">{t('learning.course.expiredOn', { date })}</span>
  ) : (
    <>{t('learning.course.validUntil', { date })}</>
  );
}

/**
 * A course of the learner: cover, title, validity, last studied, progress, and the button that
 * opens the lesson to go on with. The title's link covers the whole card (the course page); the
 * button and the "more" menu (quit) sit above it, so the card holds its links and buttons side by
 * side, never one inside the other.
 */
export function MyCourseCard({ course, eager = false }: { course: MyCourse; eager?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const action = courseAction(course);
  const detail =
    course.lessonCount === 0
      ? t('learning.course.noLessons')
      : t('learning.course.lessons', { learned: course.learnedLessonCount, total: course.lessonCount });
  return (
    <LearningCard
      titleId={titleId}
      testId="my-course"
      cover={course.cover}
      title={course.title}
      to={href('courseDetail', { uid: course.uid })}
      eager={eager}
      facts={
        <>
          <p className="mt-1 truncate text-xs text-ink-muted" data-testid="my-course-validity">
            <Validity course={course} />
          </p>
          <LastStudied at={course.lastLearnedAt} />
          <RefundPending pending={course.refundPending} />
        </>
      }
      footer={
        <>
          <div className="min-w-[9rem] flex-1">
            <LearningProgress
              percent={course.progress}
              label={t('learning.progress.of', { title: course.title })}
              detail={detail}
            />
          </div>
          {action ? (
            <Link
              to={href('lessonLearn', { id: action.lessonId })}
              aria-describedby={titleId}
              // A small pill, tapped over 44 px: its hit area reaches past its edges.
              className="relative z-10 shrink-0 rounded-full bg-brand-strong px-3 py-1.5 text-xs font-medium text-on-brand before:absolute before:-inset-x-1 before:-inset-y-2 active:opacity-80"
              data-testid="my-course-continue"
            >
              {t(action.label)}
            </Link>
          ) : null}
          <MembershipMenu kind="course" uid={course.uid} title={course.title} leave={course.leave} />
        </>
      }
    />
  );
}
