import { apiPaths } from '@school/contract/paths';
import { searchQuerySchema, searchResultSchema } from '@school/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    apiPaths.search,
    {
      schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } },
      config: { cache: 'public' },
    },
    async (request) =>
      service.search(request.query, {
        tenantId: request.tenant.id,
        currency: request.tenant.currency,
        locale: request.locale,
      }),
  );
};
