import {
  commentCreateSchema,
  commentParamsSchema,
  commentSchema,
  commentSummarySchema,
} from '@school/contract/catalogue';
import {
  announcementDetailSchema,
  announcementListSchema,
  announcementParamsSchema,
  classroomDetailSchema,
  classroomJoinResultSchema,
  classroomListQuerySchema,
  classroomListSchema,
} from '@school/contract/classrooms';
import { pageOf, pageQuerySchema, uidParamSchema } from '@school/contract/common';
import { apiPaths } from '@school/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anonymousCaller, callerOf, signedInCaller } from '../../lib/catalogue-caller.js';
import type { ClassroomsService } from './classrooms.service.js';

// Lists and texts are the same for everyone ('public'). The detail mentions a signed-in caller's
// membership ('viewer': public only for visitors); anything else about the caller (whether they
// may comment) must never sit in a shared cache.
const shared = { cache: 'public' as const };
const priv = { cache: 'private' as const };

export const classroomsRoutes: FastifyPluginAsyncZod<{ service: ClassroomsService }> = async (app, { service }) => {
  app.get(
    apiPaths.classrooms,
    { schema: { querystring: classroomListQuerySchema, response: { 200: classroomListSchema } }, config: shared },
    async (request) => service.list(anonymousCaller(request), request.query),
  );

  app.get(
    '/api/classrooms/:uid',
    { schema: { params: uidParamSchema, response: { 200: classroomDetailSchema } }, config: { cache: 'viewer' } },
    async (request) => service.get(await callerOf(request), request.params.uid),
  );

  app.post(
    '/api/classrooms/:uid/join',
    { schema: { params: uidParamSchema, response: { 201: classroomJoinResultSchema } }, config: priv },
    async (request, reply) => {
      const membership = await service.join(await signedInCaller(request), request.params.uid);
      return reply.code(201).send(membership);
    },
  );

  app.delete(
    '/api/classrooms/:uid/membership',
    { schema: { params: uidParamSchema }, config: priv },
    async (request, reply) => {
      await service.quit(await signedInCaller(request), request.params.uid);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/classrooms/:uid/comments',
    {
      schema: { params: uidParamSchema, querystring: pageQuerySchema, response: { 200: pageOf(commentSchema) } },
      config: shared,
    },
    async (request) =>
      service.listComments(anonymousCaller(request), request.params.uid, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/classrooms/:uid/comments/summary',
    { schema: { params: uidParamSchema, response: { 200: commentSummarySchema } }, config: priv },
    async (request) => service.commentSummary(await callerOf(request), request.params.uid),
  );

  app.post(
    '/api/classrooms/:uid/comments',
    {
      schema: { params: uidParamSchema, body: commentCreateSchema, response: { 201: commentSchema } },
      config: priv,
    },
    async (request, reply) => {
      const comment = await service.addComment(await signedInCaller(request), request.params.uid, request.body);
      return reply.code(201).send(comment);
    },
  );

  app.put(
    '/api/classrooms/:uid/comments/:id',
    {
      schema: { params: commentParamsSchema, body: commentCreateSchema, response: { 200: commentSchema } },
      config: priv,
    },
    async (request) => {
      const { uid, id } = request.params;
      return service.editComment(await signedInCaller(request), uid, id, request.body);
    },
  );

  app.delete(
    '/api/classrooms/:uid/comments/:id',
    { schema: { params: commentParamsSchema }, config: priv },
    async (request, reply) => {
      await service.deleteComment(await signedInCaller(request), request.params.uid, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/classrooms/:uid/announcements',
    {
      schema: { params: uidParamSchema, querystring: pageQuerySchema, response: { 200: announcementListSchema } },
      config: shared,
    },
    async (request) =>
      service.listAnnouncements(
        anonymousCaller(request),
        request.params.uid,
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.get(
    '/api/classrooms/:uid/announcements/:id',
    { schema: { params: announcementParamsSchema, response: { 200: announcementDetailSchema } }, config: shared },
    async (request) => service.getAnnouncement(anonymousCaller(request), request.params.uid, request.params.id),
  );
};
