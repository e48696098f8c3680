import type { NoteDetail } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/notes/{id}: one of the caller's own notes (anyone else's: 404). Silent: the screen shows why. */
export function getNote(id: number, signal?: AbortSignal): Promise<NoteDetail> {
  return apiClient.get<NoteDetail>(apiPaths.note(id), { signal, silent: true });
}

export function noteQueryOptions(id: number) {
  return queryOptions({ queryKey: courseKeys.note(id), queryFn: ({ signal }) => getNote(id, signal) });
}

export function useNote(id: number, enabled = true) {
  return useQuery({ ...noteQueryOptions(id), enabled });
}
