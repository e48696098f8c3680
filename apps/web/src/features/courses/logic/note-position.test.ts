import type { MediaType } from '@school/contract/enums';
import { describe, expect, it } from 'vitest';
import { noteLessonHref, notePositionText } from './note-position';

const note = (mediaType: MediaType, position: number | null) => ({
  lesson: { id: 7, title: 'Lesson', mediaType },
  position,
});

describe('notePositionText', () => {
  it('reads a time for video and audio, a page for documents, a slide for decks', () => {
    expect(notePositionText(note('VIDEO', 75))).toEqual({ id: 'courses.notes.at', position: '1:15' });
    expect(notePositionText(note('AUDIO', 5))).toEqual({ id: 'courses.notes.at', position: '0:05' });
    expect(notePositionText(note('LIVE_RECODE', 3600))).toEqual({ id: 'courses.notes.at', position: '1:00:00' });
    expect(notePositionText(note('PDF', 3))).toEqual({ id: 'courses.notes.page', position: 3 });
    expect(notePositionText(note('DOC', 0))).toEqual({ id: 'courses.notes.page', position: 1 });
    expect(notePositionText(note('PPT', 2))).toEqual({ id: 'courses.notes.slide', position: 2 });
  });

  it('has nothing to say without a position or for media without one', () => {
    expect(notePositionText(note('VIDEO', null))).toBeNull();
    expect(notePositionText(note('HTML', 40))).toBeNull();
    expect(notePositionText(note('EXAM', 1))).toBeNull();
  });
});

describe('noteLessonHref', () => {
  it('opens the lesson at the position, or at its start', () => {
    expect(noteLessonHref(note('VIDEO', 75))).toBe('/lessons/7?position=75');
    expect(noteLessonHref(note('PDF', 0))).toBe('/lessons/7?position=0');
    expect(noteLessonHref(note('VIDEO', null))).toBe('/lessons/7');
  });
});
