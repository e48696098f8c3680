import type { NoteDetail } from '@school/contract/courses';
import type { NoteUpdate } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/*
 * PUT and DELETE /api/notes/{id}: the learner's own note (nobody else's is ever found). The rewrite
 * is silent (the form puts a refusal on its field, or else shows the notice); a refused delete's
 * notice is the HTTP client's. Either changes the course's note list and My notes; the note
 * itself is answered by the rewrite, and gone after a delete.
 */

export function useRewriteNote(note: NoteDetail) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteUpdate) => apiClient.put<NoteDetail>(apiPaths.note(note.id), { json: body, silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(courseKeys.note(note.id), saved);
      void client.invalidateQueries({ queryKey: courseKeys.notes(note.course.uid) });
      void client.invalidateQueries({ queryKey: courseKeys.myNotes() });
    },
  });
}

export function useDeleteNote(note: NoteDetail) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.request<void>(apiPaths.note(note.id), { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: courseKeys.note(note.id) });
      void client.invalidateQueries({ queryKey: courseKeys.notes(note.course.uid) });
      void client.invalidateQueries({ queryKey: courseKeys.myNotes() });
    },
  });
}
