import { idParamSchema } from '@school/contract/common';
import { apiPaths } from '@school/contract/paths';
import { microPageSchema, tabListSchema } from '@school/contract/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DecorationsService } from './decorations.service.js';

export const decorationsRoutes: FastifyPluginAsyncZod<{ service: DecorationsService }> = async (app, { service }) => {
  app.get(
    apiPaths.tabs,
    { schema: { response: { 200: tabListSchema } }, config: { cache: 'public' } },
    async (request) => ({ items: await service.listTabs(request.tenant.id, request.locale) }),
  );

  app.get(
    '/api/decorations/pages/:id',
    { schema: { params: idParamSchema, response: { 200: microPageSchema } }, config: { cache: 'public' } },
    async (request) => service.getPage(request.tenant.id, request.params.id, request.locale),
  );
};
