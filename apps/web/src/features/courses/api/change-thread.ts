import type { CourseThread, ThreadCreate, ThreadPost, ThreadPostCreate } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { useOwnWriting } from '../../../lib/use-own-writing';
import { courseKeys } from './course-keys';

/** The learner's own question on a course's board: changing it changes the board, its page and My Q&A. */
export const useOwnQuestion = (uid: string, threadId: number) =>
  useOwnWriting<ThreadCreate, CourseThread>(
    apiPaths.courseThread(uid, threadId),
    courseKeys.threads(uid),
    courseKeys.myThreads(),
  );

/** The learner's own answer to a question. */
export const useOwnAnswer = (uid: string, threadId: number, postId: number) =>
  useOwnWriting<ThreadPostCreate, ThreadPost>(
    `${apiPaths.courseThreadPosts(uid, threadId)}/${postId}`,
    courseKeys.threads(uid),
    courseKeys.myThreads(),
  );
