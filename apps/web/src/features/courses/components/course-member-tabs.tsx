import type { CourseDetail, CourseLecture } from '@school/contract/courses';
import { translateIfKnown, useTranslation } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ChevronRightIcon, DocumentIcon, LockIcon } from '../../../components/ui/icons';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState, StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isApiError } from '../../../lib/api-error';
import { session } from '../../../lib/session';
import { useSessionUser } from '../../../lib/use-session-user';
import { useCourseLectures } from '../api/get-course-lectures';
import { useCourseNotes } from '../api/get-course-notes';
import { useCourseThreads } from '../api/get-course-threads';
import { memberTabAccess } from '../logic/course-action';
import { formatFileSize } from '../logic/course-text';
import { actionLinkClass } from '../../../components/form/form-styles';
import { NoteCard } from './note-card';
import { ThreadCard } from './thread-card';

/** Shown instead of member-only content: why it is hidden, and the way in when there is one. */
function MemberGate({ reason }: { reason: 'login' | 'join' }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div data-testid="member-gate">
      <StateMessage
        icon={<LockIcon />}
        title={reason === 'login' ? t('courses.member.loginTitle') : t('courses.member.joinTitle')}
        description={reason === 'login' ? t('courses.member.loginHint') : t('courses.member.joinHint')}
        action={
          reason === 'login' ? (
            <Link
              to={href('login')}
              state={{ from: here }}
              onClick={() => session.saveLastUrl(here)}
              className="rounded-full bg-brand-strong px-6 py-2 text-sm font-medium text-on-brand"
            >
              {t('courses.member.login')}
            </Link>
          ) : undefined
        }
      />
    </div>
  );
}

function errorText(error: unknown): string | undefined {
  return isApiError(error) && error.code ? translateIfKnown(`error.${error.code}`) : undefined;
}

function ListSkeleton() {
  return (
    <div className="space-y-3 bg-surface p-4">
      <SkeletonBlock className="h-14" />
      <SkeletonBlock className="h-14" />
      <SkeletonBlock className="h-14" />
    </div>
  );
}

function NotesList({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const notes = useCourseNotes(uid);
  return (
    <InfiniteList
      query={notes}
      refreshable={false}
      label={t('courses.notes.label')}
      itemKey={(note) => note.id}
      className="bg-surface"
      testId="course-notes"
      skeleton={<ListSkeleton />}
      empty={<EmptyState title={t('courses.notes.empty')} description={t('courses.notes.emptyHint')} />}
      renderItem={(note) => <NoteCard note={note} />}
    />
  );
}

function ThreadsList({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const threads = useCourseThreads(uid);
  return (
    <>
      {/* Asking is for members whose board loads: a refused one sees why instead. */}
      {threads.isSuccess ? (
        <div className="flex justify-end border-b border-line bg-surface px-4 py-2">
          <Link to={href('courseThreadCreate', { uid })} className={actionLinkClass}>
            {t('courses.threads.ask')}
          </Link>
        </div>
      ) : null}
      <InfiniteList
        query={threads}
        refreshable={false}
        label={t('courses.threads.label')}
        itemKey={(thread) => thread.id}
        className="bg-surface"
        testId="course-threads"
        skeleton={<ListSkeleton />}
        empty={<EmptyState title={t('courses.threads.empty')} description={t('courses.threads.emptyHint')} />}
        renderItem={(thread) => <ThreadCard uid={uid} thread={thread} />}
      />
    </>
  );
}

const viewerMessageIds = {
  PDF: 'courses.lectures.viewer.PDF',
  IMAGE: 'courses.lectures.viewer.IMAGE',
  FILE: 'courses.lectures.viewer.FILE',
} as const satisfies Record<CourseLecture['viewer'], string>;

function LecturesList({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const lectures = useCourseLectures(uid);
  if (lectures.isPending) {
    return (
      <LoadingRegion>
        <ListSkeleton />
      </LoadingRegion>
    );
  }
  if (lectures.isError) {
    return <ErrorState description={errorText(lectures.error)} onRetry={() => void lectures.refetch()} />;
  }
  if (lectures.data.length === 0) return <EmptyState title={t('courses.lectures.empty')} />;
  return (
    <ul aria-label={t('courses.lectures.label')} className="bg-surface" data-testid="course-lectures">
      {lectures.data.map((lecture) => (
        <li key={lecture.id} className="border-b border-line last:border-b-0">
          <Link
            to={href('lectureDetail', { uid, id: lecture.id })}
            className="flex items-center gap-3 px-4 py-3 active:bg-canvas"
          >
            <DocumentIcon className="shrink-0 text-xl text-ink-muted" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm text-ink">{lecture.title}</span>
              <span className="block truncate text-xs text-ink-muted">
                {lecture.fileName} · {formatFileSize(lecture.size)} · {t(viewerMessageIds[lecture.viewer])}
              </span>
            </span>
            <ChevronRightIcon className="shrink-0 text-lg text-ink-subtle" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Notes, Q&A and Lecture tabs: their lists for members, the reason for everyone else. The
 * lists mount (and request) only for members: a visitor known not to be one is not sent to
 * the server for a refusal.
 */
export function CourseMemberTab({ course, tab }: { course: CourseDetail; tab: 'notes' | 'threads' | 'lectures' }) {
  const signedIn = useSessionUser() !== null;
  const access = memberTabAccess(signedIn, course);
  if (access !== 'allowed') return <MemberGate reason={access} />;
  if (tab === 'notes') return <NotesList uid={course.uid} />;
  if (tab === 'threads') return <ThreadsList uid={course.uid} />;
  return <LecturesList uid={course.uid} />;
}
