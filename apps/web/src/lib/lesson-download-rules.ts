import type { LessonContent, LessonDetail } from '@school/contract/lessons';

/*
 * What the lesson player asks about downloads before any is made or removed (issue 27, decision
 * 026), apart from the code that stores and removes them (lib/lesson-downloads.ts): the player
 * downloads only these few lines with its first screen (issue 28).
 */

/** The lesson's answer says the learner no longer holds its course: its download must go. */
export function accessEnded(lesson: Pick<LessonDetail, 'refusal'>): boolean {
  const code = lesson.refusal?.code;
  return code === 'notCourseMember' || code === 'memberExpired';
}

export function downloadsAvailable(): boolean {
  return (
    typeof caches !== 'undefined' && typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null
  );
}

/** The addresses the lesson's content names directly (an HLS playlist's own files come later). */
export function contentFiles(content: LessonContent): string[] {
  switch (content.kind) {
    case 'VIDEO':
      return content.poster ? [content.url, content.poster] : [content.url];
    case 'PDF':
      // With each page's text, for a screen reader offline too.
      return [content.url, ...content.pages.flatMap((page) => (page.textUrl ? [page.url, page.textUrl] : [page.url]))];
    case 'AUDIO':
    case 'FILE':
      return [content.url];
    case 'SLIDES':
      return content.slides;
    default:
      return [];
  }
}

/** A lesson made of files to keep; the rest (live, exam, activity, lab, text) need the network or are in the answer. */
export function isDownloadable(content: LessonContent | null): boolean {
  return content !== null && contentFiles(content).length > 0;
}
