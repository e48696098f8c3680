import type { ThreadDetail, ThreadPost, ThreadPostCreate } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** POST /api/courses/{uid}/threads/{id}/posts (members): answer a question; 201 with the answer. */
export function postThreadAnswer(uid: string, threadId: number, body: ThreadPostCreate): Promise<ThreadPost> {
  return apiClient.post<ThreadPost>(apiPaths.courseThreadPosts(uid, threadId), { json: body });
}

export function useAnswerThread(uid: string, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThreadPostCreate) => postThreadAnswer(uid, threadId, body),
    onSuccess: (post) => {
      // The answer joins the thread as the server stored it (oldest first: last), then the
      // thread is read again in the background for answers others wrote meanwhile.
      queryClient.setQueryData<ThreadDetail>(courseKeys.thread(uid, threadId), (thread) =>
        thread && !thread.posts.some((p) => p.id === post.id)
          ? { ...thread, replyCount: thread.replyCount + 1, posts: [...thread.posts, post] }
          : thread,
      );
      // The board and My Q&A show the answer count.
      void queryClient.invalidateQueries({ queryKey: courseKeys.myThreads() });
      return queryClient.invalidateQueries({ queryKey: courseKeys.threads(uid) });
    },
  });
}
