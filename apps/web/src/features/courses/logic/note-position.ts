import type { CourseNote } from '@school/contract/courses';
import { href } from '../../../config/route-paths';

/** Where in its lesson a note was taken, as the learner reads it; null: the lesson as a whole. */
export interface NotePositionText {
  id: 'courses.notes.at' | 'courses.notes.page' | 'courses.notes.slide';
  /** The clock time, page or slide number, as `{{position}}` of the message. */
  position: string | number;
}

/** Seconds as a player's clock shows them: 0:07, 12:05, 1:02:03. */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60));
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${minutes.padStart(2, '0')}:${rest}` : `${minutes.padStart(2, '0')}:${rest}`;
}

/**
 * The position's meaning follows the lesson's media (the player stamps notes the same way):
 * a second of video or audio, a page of a PDF or a document, a slide of a deck.
 */
export function notePositionText(note: Pick<CourseNote, 'lesson' | 'position'>): NotePositionText | null {
  if (note.position === null) return null;
  switch (note.lesson.mediaType) {
    case 'VIDEO':
    case 'AUDIO':
    case 'LIVE_RECODE':
      return { id: 'courses.notes.at', position: clockTime(note.position) };
    case 'PDF':
    case 'DOC':
      return { id: 'courses.notes.page', position: Math.max(1, note.position) };
    case 'PPT':
      return { id: 'courses.notes.slide', position: Math.max(1, note.position) };
    default:
      return null;
  }
}

/** The lesson player at the note's position (`?position=`, which the player reads); the lesson's start without one. */
export function noteLessonHref(note: Pick<CourseNote, 'lesson' | 'position'>): string {
  return href('lessonLearn', { id: note.lesson.id }, { position: note.position });
}
