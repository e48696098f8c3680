import { articleDetailSchema, articleListQuerySchema, articleListSchema } from '@school/contract/articles';
import { idParamSchema } from '@school/contract/common';
import { apiPaths } from '@school/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ArticlesService } from './articles.service.js';

export const articlesRoutes: FastifyPluginAsyncZod<{ service: ArticlesService }> = async (app, { service }) => {
  app.get(
    apiPaths.articles,
    {
      schema: { querystring: articleListQuerySchema, response: { 200: articleListSchema } },
      config: { cache: 'public' },
    },
    async (request) => service.list(request.tenant.id, request.query, request.locale),
  );

  app.get(
    `${apiPaths.articles}/:id`,
    // Every read counts a view: a cached or revalidated copy would skip the count.
    { schema: { params: idParamSchema, response: { 200: articleDetailSchema } }, config: { cache: 'private' } },
    async (request) => service.read(request.tenant.id, request.params.id, request.locale),
  );
};
