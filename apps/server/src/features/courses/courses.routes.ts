import {
  categoryTreeQuerySchema,
  categoryTreeSchema,
  commentCreateSchema,
  commentParamsSchema,
  commentSchema,
  commentSummarySchema,
  tagListSchema,
} from '@school/contract/catalogue';
import { pageOf, pageQuerySchema, uidParamSchema } from '@school/contract/common';
import {
  courseDetailSchema,
  courseJoinResultSchema,
  courseLectureListSchema,
  courseListQuerySchema,
  courseListSchema,
  courseNoteListSchema,
  courseThreadListSchema,
  courseThreadSchema,
  lectureDetailSchema,
  myNoteListSchema,
  myThreadListSchema,
  myThreadQuerySchema,
  noteDetailSchema,
  threadCreateSchema,
  threadDetailSchema,
  threadParamsSchema,
  threadPostCreateSchema,
  threadPostParamsSchema,
  threadPostSchema,
} from '@school/contract/courses';
import { noteUpdateSchema } from '@school/contract/lessons';
import { myWritingPaths } from '@school/contract/my-writing-paths';
import { apiPaths } from '@school/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.js';
import { anonymousCaller, callerOf, optionalUserId } from '../../lib/catalogue-caller.js';
import { sendMediaFile } from '../../lib/media-response.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import type { CoursesService } from './courses.service.js';

const commentListSchema = pageOf(commentSchema);
const noteParamsSchema = z.object({ id: threadParamsSchema.shape.id });
/** A course's uid and the id of one of its threads or lectures. */
const courseItemParams = threadParamsSchema;

/*
 * Cache policy (plugins/http-cache.ts): the tree, tags, list and comments are the same for
 * every learner of a school ('public'). The detail carries a signed-in caller's membership and
 * lock states ('viewer': public only for visitors). Anything else about the session is
 * 'private' (no-store), so no shared cache can hand one learner's answer to another.
 */
export const coursesRoutes: FastifyPluginAsyncZod<{ service: CoursesService; storage: MediaStorage }> = async (
  app,
  { service, storage },
) => {
  app.get(
    apiPaths.categories,
    {
      schema: { querystring: categoryTreeQuerySchema, response: { 200: categoryTreeSchema } },
      config: { cache: 'public' },
    },
    async (request) => ({
      items: await service.categoryTree(request.tenant.id, request.query.type, request.locale),
    }),
  );

  app.get(
    apiPaths.tags,
    { schema: { response: { 200: tagListSchema } }, config: { cache: 'public' } },
    async (request) => ({ items: await service.tags(request.tenant.id, request.locale) }),
  );

  app.get(
    apiPaths.courses,
    {
      schema: { querystring: courseListQuerySchema, response: { 200: courseListSchema } },
      config: { cache: 'public' },
    },
    async (request) => service.list(anonymousCaller(request), request.query),
  );

  app.get(
    '/api/courses/:uid',
    { schema: { params: uidParamSchema, response: { 200: courseDetailSchema } }, config: { cache: 'viewer' } },
    async (request) => service.detail(await callerOf(request), request.params.uid),
  );

  app.post(
    '/api/courses/:uid/join',
    { schema: { params: uidParamSchema, response: { 201: courseJoinResultSchema } }, config: { cache: 'private' } },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const membership = await service.join(request.tenant.id, request.params.uid, userId);
      return reply.code(201).send(membership);
    },
  );

  app.delete(
    '/api/courses/:uid/membership',
    { schema: { params: uidParamSchema }, config: { cache: 'private' } },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      await service.quit(request.tenant.id, request.params.uid, userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/courses/:uid/comments',
    {
      schema: { params: uidParamSchema, querystring: pageQuerySchema, response: { 200: commentListSchema } },
      config: { cache: 'public' },
    },
    async (request) => service.comments(request.tenant.id, request.params.uid, request.query),
  );

  app.get(
    '/api/courses/:uid/comments/summary',
    { schema: { params: uidParamSchema, response: { 200: commentSummarySchema } }, config: { cache: 'private' } },
    async (request) => service.commentSummary(request.tenant.id, request.params.uid, await optionalUserId(request)),
  );

  app.post(
    '/api/courses/:uid/comments',
    {
      schema: { params: uidParamSchema, body: commentCreateSchema, response: { 201: commentSchema } },
      config: { cache: 'private' },
    },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const comment = await service.comment(request.tenant.id, request.params.uid, userId, request.body);
      return reply.code(201).send(comment);
    },
  );

  app.put(
    '/api/courses/:uid/comments/:id',
    {
      schema: { params: commentParamsSchema, body: commentCreateSchema, response: { 200: commentSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      const { uid, id } = request.params;
      return service.editComment(request.tenant.id, uid, userId, id, request.body);
    },
  );

  app.delete(
    '/api/courses/:uid/comments/:id',
    { schema: { params: commentParamsSchema }, config: { cache: 'private' } },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      await service.deleteComment(request.tenant.id, request.params.uid, userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/courses/:uid/notes',
    {
      schema: { params: uidParamSchema, querystring: pageQuerySchema, response: { 200: courseNoteListSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.notes(request.tenant.id, request.params.uid, userId, request.query, request.locale);
    },
  );

  app.get(
    '/api/notes/:id',
    { schema: { params: noteParamsSchema, response: { 200: noteDetailSchema } }, config: { cache: 'private' } },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.note(request.tenant.id, request.params.id, userId, request.locale);
    },
  );

  app.get(
    myWritingPaths.notes,
    { schema: { querystring: pageQuerySchema, response: { 200: myNoteListSchema } }, config: { cache: 'private' } },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.myNotes(request.tenant.id, userId, request.query, request.locale);
    },
  );

  app.get(
    myWritingPaths.threads,
    {
      schema: { querystring: myThreadQuerySchema, response: { 200: myThreadListSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.myThreads(request.tenant.id, userId, request.query, request.locale);
    },
  );

  app.put(
    '/api/notes/:id',
    {
      schema: { params: noteParamsSchema, body: noteUpdateSchema, response: { 200: noteDetailSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.rewriteNote(request.tenant.id, request.params.id, userId, request.body, request.locale);
    },
  );

  app.delete(
    '/api/notes/:id',
    { schema: { params: noteParamsSchema }, config: { cache: 'private' } },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      await service.deleteNote(request.tenant.id, request.params.id, userId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/courses/:uid/threads',
    {
      schema: { params: uidParamSchema, querystring: pageQuerySchema, response: { 200: courseThreadListSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.threads(request.tenant.id, request.params.uid, userId, request.query);
    },
  );

  app.post(
    '/api/courses/:uid/threads',
    {
      schema: { params: uidParamSchema, body: threadCreateSchema, response: { 201: courseThreadSchema } },
      config: { cache: 'private' },
    },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const thread = await service.askQuestion(request.tenant.id, request.params.uid, userId, request.body);
      return reply.code(201).send(thread);
    },
  );

  app.get(
    '/api/courses/:uid/threads/:id',
    { schema: { params: courseItemParams, response: { 200: threadDetailSchema } }, config: { cache: 'private' } },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.thread(request.tenant.id, request.params.uid, userId, request.params.id);
    },
  );

  app.post(
    '/api/courses/:uid/threads/:id/posts',
    {
      schema: { params: courseItemParams, body: threadPostCreateSchema, response: { 201: threadPostSchema } },
      config: { cache: 'private' },
    },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const { uid, id } = request.params;
      const post = await service.answer(request.tenant.id, uid, userId, id, request.body);
      return reply.code(201).send(post);
    },
  );

  app.put(
    '/api/courses/:uid/threads/:id',
    {
      schema: { params: courseItemParams, body: threadCreateSchema, response: { 200: courseThreadSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      const { uid, id } = request.params;
      return service.editThread(request.tenant.id, uid, userId, id, request.body);
    },
  );

  app.delete(
    '/api/courses/:uid/threads/:id',
    { schema: { params: courseItemParams }, config: { cache: 'private' } },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      await service.deleteThread(request.tenant.id, request.params.uid, userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/courses/:uid/threads/:id/posts/:postId',
    {
      schema: { params: threadPostParamsSchema, body: threadPostCreateSchema, response: { 200: threadPostSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      const { uid, id, postId } = request.params;
      return service.editPost(request.tenant.id, uid, userId, { threadId: id, postId }, request.body);
    },
  );

  app.delete(
    '/api/courses/:uid/threads/:id/posts/:postId',
    { schema: { params: threadPostParamsSchema }, config: { cache: 'private' } },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const { uid, id, postId } = request.params;
      await service.deletePost(request.tenant.id, uid, userId, { threadId: id, postId });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/courses/:uid/lectures',
    { schema: { params: uidParamSchema, response: { 200: courseLectureListSchema } }, config: { cache: 'private' } },
    async (request) => {
      const { userId } = await requireUser(request);
      return { items: await service.lectures(request.tenant.id, request.params.uid, userId, request.locale) };
    },
  );

  app.get(
    '/api/courses/:uid/lectures/:id',
    { schema: { params: courseItemParams, response: { 200: lectureDetailSchema } }, config: { cache: 'private' } },
    async (request) => {
      const { userId } = await requireUser(request);
      const { uid, id } = request.params;
      return service.lecture(request.tenant.id, uid, userId, id, request.locale);
    },
  );

  // The bytes of a lecture, members only on every request. No `config.cache` and no
  // compression: sendMediaFile sets its own cache policy and serves byte ranges.
  app.get(
    '/api/courses/:uid/lectures/:id/file',
    { schema: { params: courseItemParams }, compress: false },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const { uid, id } = request.params;
      const file = await service.lectureFile(request.tenant.id, uid, userId, id);
      return sendMediaFile(request, reply, { storage, ...file });
    },
  );
};
