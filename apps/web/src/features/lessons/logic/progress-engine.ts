import { putLessonProgress } from '../api/report-progress';
import { session } from '../../../lib/session';
import { indexedDbJournal } from './progress-journal';
import { createProgressSync } from './progress-sync';

/**
 * The one journal and sender of the app: replays and live reports share it. Loaded with a
 * member's first lesson (use-lesson-progress.ts), not with the player: visitors and previews
 * never report, and a lesson plays before its first report is due.
 */
export const lessonProgressSync = createProgressSync({
  journal: indexedDbJournal(),
  send: putLessonProgress,
  currentUserId: () => session.user()?.id ?? null,
  now: Date.now,
});
