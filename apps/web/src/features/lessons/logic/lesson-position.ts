import type { LessonContent, LessonDetail } from '@school/contract/lessons';

/** Under this many seconds from the end, a stored position means "watched": start over instead. */
const nearEndSeconds = 3;

/** A `?position=` from the address (a note's link): a whole number ≥ 0, else nothing. */
export function positionFromQuery(value: string | null): number | null {
  if (value === null || !/^\d{1,8}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * Where the viewer opens: the address's position (a note's link) wins; else where the learner
 * left off, except a video or audio watched to its end, which starts over. Pages and slides are
 * 1-based; null: the start.
 */
export function startPosition(
  lesson: Pick<LessonDetail, 'progress'> & { content: LessonContent | null },
  fromQuery: number | null,
): number | null {
  if (fromQuery !== null) return fromQuery;
  const stored = lesson.progress?.position ?? null;
  if (stored === null || stored === 0) return null;
  const content = lesson.content;
  if ((content?.kind === 'VIDEO' || content?.kind === 'AUDIO') && content.duration > 0) {
    if (stored >= content.duration - nearEndSeconds) return null;
  }
  return stored;
}

/** What a note's position means for this content, or null when it has none (the whole lesson). */
export type NoteAnchor = { kind: 'second' | 'page' | 'slide'; position: number } | null;

export function noteAnchor(content: LessonContent | null, position: number | null): NoteAnchor {
  if (position === null || !content) return null;
  switch (content.kind) {
    case 'VIDEO':
    case 'AUDIO':
      return { kind: 'second', position };
    case 'PDF':
      return { kind: 'page', position: Math.max(1, position) };
    case 'SLIDES':
      return { kind: 'slide', position: Math.max(1, position) };
    default:
      return null;
  }
}
