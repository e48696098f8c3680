import type { CourseNote } from '@school/contract/courses';
import { href } from '../../../config/route-paths';
import { formatClock } from '../../../lib/format';

/** Where in its lesson a note was taken, as the learner reads it; null: the lesson as a whole. */
export interface NotePositionText {
  id: 'courses.notes.at' | 'courses.notes.page' | 'courses.notes.slide';
  /** The clock time, page or slide number, as `{{position}}` of the message. */
  position: string | number;
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
      return { id: 'courses.notes.at', position: formatClock(note.position) };
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
