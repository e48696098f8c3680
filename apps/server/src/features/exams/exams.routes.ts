import { uidParamSchema } from '@school/contract/common';
import { examDetailSchema, examJoinResultSchema, examListQuerySchema, examListSchema } from '@school/contract/exams';
import { apiPaths } from '@school/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anonymousCaller, callerOf, signedInCaller } from '../../lib/catalogue-caller.js';
import type { ExamsService } from './exams.service.js';

export const examsRoutes: FastifyPluginAsyncZod<{ service: ExamsService }> = async (app, { service }) => {
  // The list is the same for everyone ('public'); the detail mentions a signed-in caller's attempts ('viewer').
  app.get(
    apiPaths.exams,
    {
      schema: { querystring: examListQuerySchema, response: { 200: examListSchema } },
      config: { cache: 'public' },
    },
    async (request) => service.list(anonymousCaller(request), request.query),
  );

  // The detail carries the caller's membership: never in a shared cache.
  app.get(
    '/api/exams/:uid',
    { schema: { params: uidParamSchema, response: { 200: examDetailSchema } }, config: { cache: 'viewer' } },
    async (request) => service.get(await callerOf(request), request.params.uid),
  );

  app.post(
    '/api/exams/:uid/join',
    { schema: { params: uidParamSchema, response: { 201: examJoinResultSchema } }, config: { cache: 'private' } },
    async (request, reply) => {
      const membership = await service.join(await signedInCaller(request), request.params.uid);
      return reply.code(201).send(membership);
    },
  );
};
