import type { LessonContent, LessonDetail } from '@school/contract/lessons';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { lessonPanelsMessages } from '../../../app/messages/registry/screen-messages';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { addMessages } from '../../../lib/i18n';
import type { ViewerProgress } from '../logic/use-lesson-progress';

/** A named export of a lazily loaded module, as React.lazy wants it. */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/*
 * Each viewer is fetched once the lesson says its kind (one small chunk each; hls.js only where
 * the browser plays no HLS itself, pdf.js only for a document whose pages were not drawn as
 * images when it was stored, decision 029), so the player's first load carries no other kind's
 * code and stays within the first-screen budget.
 */
const MediaPlayer = lazyNamed(() => import('./viewers/media-player').then((m) => m.MediaPlayer));
const PdfViewer = lazyNamed(() => import('../../../components/media/pdf-viewer').then((m) => m.PdfViewer));

/** A panel of its own kind, with the panels' texts (the video and PDF lessons, most, need none of them). */
function panel<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyNamed(() => Promise.all([load(), addMessages(lessonPanelsMessages)]).then(([component]) => component));
}
const SlidesViewer = panel(() => import('./viewers/slides-viewer').then((m) => m.SlidesViewer));
const HtmlViewer = panel(() => import('./viewers/html-viewer').then((m) => m.HtmlViewer));
const FileDownload = panel(() => import('./viewers/file-download').then((m) => m.FileDownload));
const ActivityPanel = panel(() => import('./viewers/activity-panel').then((m) => m.ActivityPanel));
const ExamPanel = panel(() => import('./viewers/exam-panel').then((m) => m.ExamPanel));
const LivePanel = panel(() => import('./viewers/live-panel').then((m) => m.LivePanel));
const LabPanel = panel(() => import('./viewers/lab-panel').then((m) => m.LabPanel));

interface LessonViewerProps {
  lesson: LessonDetail;
  content: LessonContent;
  /** Second, page or slide to open at (see startPosition). */
  startAt: number | null;
  progress: ViewerProgress;
  /** A member studying the lesson (not a preview): may register, and has a remembered speed. */
  studying: boolean;
  signedIn: boolean;
  onMediaEnded(): void;
  onRefresh(): void;
}

function LazyViewer({
  content,
  lesson,
  startAt,
  progress,
  studying,
  signedIn,
  onMediaEnded,
  onRefresh,
}: LessonViewerProps) {
  // A document's address as it opened: a refreshed answer may carry a newly signed one.
  const [openedUrl] = useState(content.kind === 'PDF' ? content.url : null);
  switch (content.kind) {
    case 'VIDEO':
    case 'AUDIO':
      return (
        <MediaPlayer
          kind={content.kind}
          src={content.url}
          hls={content.kind === 'VIDEO' && content.format === 'HLS'}
          poster={content.kind === 'VIDEO' ? content.poster : null}
          duration={content.duration}
          startAt={startAt}
          initialRate={lesson.playbackRate}
          canSaveRate={signedIn}
          session={{ title: lesson.title, artist: lesson.course.title, artwork: lesson.course.cover }}
          progress={progress}
          onEnded={onMediaEnded}
        />
      );
    case 'PDF':
      return (
        <PdfViewer
          url={openedUrl ?? content.url}
          pages={content.pages}
          initialPage={startAt ?? 1}
          onPageChange={(page) => progress.reportSoon(page)}
        />
      );
    case 'SLIDES':
      return <SlidesViewer slides={content.slides} startAt={startAt} progress={progress} />;
    case 'HTML':
      return <HtmlViewer html={content.html} progress={progress} />;
    case 'FILE':
      return (
        <FileDownload
          url={content.url}
          fileName={content.fileName}
          contentType={content.contentType}
          size={content.size}
          progress={progress}
        />
      );
    case 'ACTIVITY':
      return <ActivityPanel lessonId={lesson.id} activity={content} canRegister={studying} />;
    case 'EXAM':
      return <ExamPanel exam={content.exam} />;
    case 'LIVE':
      return <LivePanel live={content} progress={progress} onMoment={onRefresh} />;
    case 'LAB':
      return <LabPanel url={content.url} description={content.description} progress={progress} />;
    default:
      return null;
  }
}

/**
 * The viewer for the lesson's content kind. A report refreshes the lesson's answer and so
 * renders this again: the viewers keep what they opened with (address, start), so a playing
 * video or an open document does not notice.
 */
export function LessonViewer(props: LessonViewerProps) {
  return (
    <Suspense
      fallback={
        <LoadingRegion>
          <SkeletonBlock className="aspect-video w-full rounded-none" />
        </LoadingRegion>
      }
    >
      <LazyViewer {...props} />
    </Suspense>
  );
}
