import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/state-message';
import { useTranslation } from '../../../lib/i18n';
import { useMyNotes } from '../api/get-my-notes';
import { NoteCard } from './note-card';

/** /me/notes: every note the learner wrote, across courses, newest first; each leads back into its lesson. */
export default function MyNotesScreen() {
  const { t } = useTranslation();
  const notes = useMyNotes();
  return (
    <ScreenLayout title={t('route.myNotes')} back>
      <InfiniteList
        query={notes}
        label={t('courses.notes.label')}
        itemKey={(note) => note.id}
        className="bg-surface"
        testId="my-notes"
        skeleton={
          <div className="space-y-3 bg-surface p-4">
            <SkeletonBlock className="h-16" />
            <SkeletonBlock className="h-16" />
            <SkeletonBlock className="h-16" />
          </div>
        }
        empty={<EmptyState title={t('courses.notes.empty')} description={t('courses.notes.emptyHint')} />}
        renderItem={(note) => <NoteCard note={note} />}
      />
    </ScreenLayout>
  );
}
