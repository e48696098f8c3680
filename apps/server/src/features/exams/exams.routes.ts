import { uidParamSchema } from '@school/contract/common';
import { examDetailSchema, examJoinResultSchema, examListQuerySchema, examListSchema } from '@school/contract/exams';
import { apiPaths } from '@school/contract/paths';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.js';
import type { Caller, ExamsService } from './exams.service.js';

function anonymousCaller(request: FastifyRequest): Caller {
  return { tenantId: request.tenant.id, currency: request.tenant.currency, locale: request.locale, userId: null };
}

export const examsRoutes: FastifyPluginAsyncZod<{ service: ExamsService }> = async (app, { service }) => {
  // The list is the same for everyone: revalidated by ETag.
  app.get(
    apiPaths.exams,
    {
      schema: { querystring: examListQuerySchema, response: { 200: examListSchema } },
      config: { cache: 'revalidate' },
    },
    async (request) => service.list(anonymousCaller(request), request.query),
  );

  // The detail carries the caller's membership: never in a shared cache.
  app.get(
    '/api/exams/:uid',
    { schema: { params: uidParamSchema, response: { 200: examDetailSchema } }, config: { cache: 'private' } },
    async (request) => {
      const auth = await request.auth();
      const userId = auth.kind === 'user' ? auth.userId : null;
      return service.get({ ...anonymousCaller(request), userId }, request.params.uid);
    },
  );

  app.post(
    '/api/exams/:uid/join',
    { schema: { params: uidParamSchema, response: { 201: examJoinResultSchema } }, config: { cache: 'private' } },
    async (request, reply) => {
      const { userId } = await requireUser(request);
      const membership = await service.join({ ...anonymousCaller(request), userId }, request.params.uid);
      return reply.code(201).send(membership);
    },
  );
};
