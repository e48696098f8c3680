import type { LessonContent, LessonDetail } from '@school/contract/lessons';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import type { ViewerProgress } from '../logic/use-lesson-progress';
import { MediaPlayer } from './viewers/media-player';

/** A named export of a lazily loaded module, as React.lazy wants it. */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/*
 * Video and audio, most lessons, play from the player's own chunk. Every other viewer is
 * fetched once the lesson says its kind (one small chunk each; pdf.js only for a document whose
 * pages were not drawn as images when it was stored, decision 029), so the player's first load
 * stays within the first-screen budget.
 */
const PdfViewer = lazyNamed(() => import('../../../components/media/pdf-viewer').then((m) => m.PdfViewer));
const SlidesViewer = lazyNamed(() => import('./viewers/slides-viewer').then((m) => m.SlidesViewer));
const HtmlViewer = lazyNamed(() => import('./viewers/html-viewer').then((m) => m.HtmlViewer));
const FileDownload = lazyNamed(() => import('./viewers/file-download').then((m) => m.FileDownload));
const ActivityPanel = lazyNamed(() => import('./viewers/activity-panel').then((m) => m.ActivityPanel));
const ExamPanel = lazyNamed(() => import('./viewers/exam-panel').then((m) => m.ExamPanel));
const LivePanel = lazyNamed(() => import('./viewers/live-panel').then((m) => m.LivePanel));
const LabPanel = lazyNamed(() => import('./viewers/lab-panel').then((m) => m.LabPanel));

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

function LazyViewer({ content, lesson, startAt, progress, studying, onRefresh }: LessonViewerProps) {
  // A document's address as it opened: a refreshed answer may carry a newly signed one.
  const [openedUrl] = useState(content.kind === 'PDF' ? content.url : null);
  switch (content.kind) {
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
  const { lesson, content } = props;
  if (content.kind === 'VIDEO' || content.kind === 'AUDIO') {
    return (
      <MediaPlayer
        kind={content.kind}
        src={content.url}
        hls={content.kind === 'VIDEO' && content.format === 'HLS'}
        poster={content.kind === 'VIDEO' ? content.poster : null}
        duration={content.duration}
        startAt={props.startAt}
        initialRate={lesson.playbackRate}
        canSaveRate={props.signedIn}
        session={{ title: lesson.title, artist: lesson.course.title, artwork: lesson.course.cover }}
        progress={props.progress}
        onEnded={props.onMediaEnded}
      />
    );
  }
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
