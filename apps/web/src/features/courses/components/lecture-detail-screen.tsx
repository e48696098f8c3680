import type { LectureDetail } from '@school/contract/courses';
import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { PdfViewer } from '../../../components/media/pdf-viewer';
import { DocumentIcon, DownloadIcon } from '../../../components/ui/icons';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { useCourseLecture } from '../api/get-course-lecture';
import { formatFileSize } from '../logic/course-text';
import { positiveId } from '../logic/route-ids';
import { MemberContentUnavailable } from './member-content-unavailable';

function LectureSkeleton() {
  return (
    <LoadingRegion>
      <div className="space-y-3 bg-surface px-4 py-4">
        <SkeletonBlock className="h-5 w-3/5" />
        <SkeletonBlock className="aspect-[3/4] w-full" />
      </div>
    </LoadingRegion>
  );
}

/** The file's name and size with a download: the whole view of a file no viewer shows, a footer for the others. */
function FileFacts({ lecture }: { lecture: LectureDetail }) {
  const { t } = useTranslation();
  const size = formatFileSize(lecture.size);
  return (
    <div className="flex items-center gap-3 bg-surface px-4 py-3" data-testid="lecture-file">
      <DocumentIcon className="shrink-0 text-2xl text-ink-muted" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-ink">{lecture.fileName}</p>
        <p className="text-xs text-ink-muted">{size}</p>
      </div>
      {/* The file route checks membership and answers the download itself (Content-Disposition). */}
      <a
        href={lecture.url}
        download={lecture.fileName}
        aria-label={t('courses.lectures.download', { title: lecture.title, size })}
        className="inline-flex h-9 shrink-0 items-center gap-1 rounded-full border border-brand-strong px-4 text-sm text-brand-strong"
      >
        <DownloadIcon />
        {t('courses.lecture.download')}
      </a>
    </div>
  );
}

function Lecture({ lecture }: { lecture: LectureDetail }) {
  const { t } = useTranslation();
  return (
    <div data-testid="lecture-detail" data-viewer={lecture.viewer}>
      <div className="bg-surface px-4 pt-3 pb-2">
        <h2 className="text-base font-semibold text-ink">{lecture.title}</h2>
        <p className="text-xs text-ink-muted">{lecture.course.title}</p>
      </div>
      {lecture.viewer === 'PDF' ? (
        <PdfViewer url={lecture.url} />
      ) : lecture.viewer === 'IMAGE' ? (
        <div className="bg-surface px-4 pb-3">
          <img src={lecture.url} alt={lecture.title} className="mx-auto block h-auto max-w-full" />
        </div>
      ) : (
        <p className="bg-surface px-4 pb-3 text-sm text-ink-muted">{t('courses.lecture.fileHint')}</p>
      )}
      <div className="mt-3">
        <FileFacts lecture={lecture} />
      </div>
    </div>
  );
}

/** /courses/:uid/lectures/:id: a course material in the viewer it needs (PDF, picture) or as a download. */
export default function LectureDetailScreen() {
  const { t } = useTranslation();
  const { uid = '', id } = useParams();
  const lectureId = positiveId(id);
  const query = useCourseLecture(uid, lectureId ?? 0, lectureId !== null);

  let body;
  if (lectureId === null || query.isError) {
    body = (
      <MemberContentUnavailable
        uid={uid}
        missing={lectureId === null}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={{ title: t('courses.lecture.notFound'), description: t('courses.lecture.notFoundHint') }}
        notFoundTestId="lecture-not-found"
      />
    );
  } else if (!query.data) {
    body = <LectureSkeleton />;
  } else {
    body = <Lecture lecture={query.data} />;
  }
  return (
    <ScreenLayout title={t('courses.lecture.title')} back>
      {body}
    </ScreenLayout>
  );
}
