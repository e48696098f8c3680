import type { CourseThread, MyThread } from '@school/contract/courses';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { useTranslation } from '../../../lib/i18n';
import { AuthorLine } from './author-line';

/**
 * A question in a list, the whole card its link: on a course's board, and across courses in
 * My Q&A, where it names its course and, under My answers, shows the learner's latest answer.
 */
export function ThreadCard({ uid, thread }: { uid: string; thread: CourseThread | MyThread }) {
  const { t } = useTranslation();
  const across = 'course' in thread ? thread : null;
  return (
    <Link
      to={href('courseThreadDetail', { uid, id: thread.id })}
      className="block space-y-1 border-b border-line px-4 py-3 active:bg-canvas"
      data-testid="course-thread"
    >
      {across ? (
        <span className="block truncate text-xs text-ink-muted" data-testid="thread-course">
          {across.course.title}
        </span>
      ) : null}
      <AuthorLine nickname={thread.user.nickname} avatar={thread.user.avatar} createdAt={thread.createdAt} />
      <h3 className="text-sm font-semibold text-ink">{thread.title}</h3>
      <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-ink-muted">{thread.content}</p>
      {across?.answer ? (
        <p
          className="line-clamp-2 whitespace-pre-line break-words rounded-md bg-canvas px-3 py-2 text-sm text-ink"
          data-testid="thread-your-answer"
        >
          <span className="font-medium">{t('courses.myThreads.yourAnswer')}</span> {across.answer.content}
        </p>
      ) : null}
      <p className="text-xs text-ink-subtle">{t('courses.threads.replies', { count: thread.replyCount })}</p>
    </Link>
  );
}
