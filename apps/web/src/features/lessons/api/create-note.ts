import type { CourseNote } from '@school/contract/courses';
import type { NoteCreate } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseCacheKey } from './lesson-keys';

/** POST /api/lessons/{id}/notes (members): a note stamped with where it was taken. */
export function postLessonNote(lessonId: number, note: NoteCreate): Promise<CourseNote> {
  return apiClient.post<CourseNote>(apiPaths.lessonNotes(lessonId), { json: note });
}

export function useCreateNote(lessonId: number, courseUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NoteCreate) => postLessonNote(lessonId, note),
    // The course's Notes tab lists it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseCacheKey(courseUid) }),
  });
}
