import type { CourseThread, ThreadCreate } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** POST /api/courses/{uid}/threads (members): ask a question; 201 with the thread. */
export function postCourseThread(uid: string, body: ThreadCreate): Promise<CourseThread> {
  return apiClient.post<CourseThread>(apiPaths.courseThreads(uid), { json: body });
}

export function useCreateCourseThread(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThreadCreate) => postCourseThread(uid, body),
    onSuccess: (thread) => {
      // The new question opens at once, without asking the server for what it just said.
      queryClient.setQueryData(courseKeys.thread(uid, thread.id), { ...thread, posts: [] });
      void queryClient.invalidateQueries({ queryKey: courseKeys.myThreads() });
      return queryClient.invalidateQueries({ queryKey: courseKeys.threads(uid), exact: true });
    },
  });
}
