import type { MediaType } from '@school/contract/enums';

/*
 * When a lesson counts as completed, per media type (decision 011). The service applies it to
 * one lesson; the progress write (the hot path) computes the same numbers in SQL from these
 * lists, so the rule is written once.
 */

/** Completed at 90 % of the duration watched. */
export const watchedTypes: readonly MediaType[] = ['VIDEO', 'AUDIO', 'LIVE_RECODE'];
/** Completed on the last page or slide. */
export const pagedTypes: readonly MediaType[] = ['PDF', 'DOC', 'PPT'];
/** HTML: completed once read to the end (the position is the percent read). */
export const readPercentType: MediaType = 'HTML';
/** Anything else (a download, an exam, a live room, a lab, an activity) completes when opened. */

export const watchedShare = 0.9;

/** Lessons that play a stored file: no file, or one not converted yet, cannot be played. */
export const playsMediaTypes: readonly MediaType[] = ['VIDEO', 'AUDIO', 'PPT', 'DOC', 'PDF', 'OTHER', 'LIVE_RECODE'];
/** Live lessons that need their room's URL. */
export const liveRoomTypes: readonly MediaType[] = ['LIVE', 'LIVE_NOW'];

export interface LessonLength {
  /** Seconds of video or audio. */
  duration: number;
  /** Pages or slides. */
  pageCount: number;
}

/** The furthest position that completes the lesson. */
export function completionPositionOf(mediaType: MediaType, length: LessonLength): number {
  if (watchedTypes.includes(mediaType)) return Math.max(1, Math.ceil(length.duration * watchedShare));
  if (pagedTypes.includes(mediaType)) return Math.max(1, length.pageCount);
  if (mediaType === readPercentType) return 100;
  return 1;
}

/** The furthest position a report may name: the end of the media, the last page, 100 % of HTML, or 1. */
export function lastPositionOf(mediaType: MediaType, length: LessonLength): number {
  if (watchedTypes.includes(mediaType)) return Math.max(1, length.duration);
  return completionPositionOf(mediaType, length);
}
