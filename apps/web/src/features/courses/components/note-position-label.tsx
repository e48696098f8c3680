import type { CourseNote } from '@school/contract/courses';
import { useTranslation } from '../../../lib/i18n';
import { ClockIcon } from '../../../components/ui/icons';
import { notePositionText } from '../logic/note-position';

/** "At 01:15" / "Page 3" / "Slide 2" beside a note; nothing for a note on the whole lesson. */
export function NotePositionLabel({ note }: { note: Pick<CourseNote, 'lesson' | 'position'> }) {
  const { t } = useTranslation();
  const text = notePositionText(note);
  if (text === null) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs text-brand-strong">
      <ClockIcon />
      {t(text.id, { position: text.position })}
    </span>
  );
}
