import { apiPaths } from '@school/contract/paths';
import { healthSchema } from '@school/contract/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Liveness for load balancers and start scripts: no tenant, no database, no cookies.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
    { schema: { response: { 200: healthSchema } }, config: { skipTenant: true, cache: 'private' } },
    async () => ({ ok: true as const }),
  );
};
