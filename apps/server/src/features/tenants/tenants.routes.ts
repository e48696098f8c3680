import { apiPaths } from '@school/contract/paths';
import { tenantSchema } from '@school/contract/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TenantsService } from './tenants.service.js';

export const tenantsRoutes: FastifyPluginAsyncZod<{ service: TenantsService }> = async (app, { service }) => {
  app.get(
    apiPaths.tenantCurrent,
    {
      schema: { response: { 200: tenantSchema } },
      // The client must learn that its school is stopped or that it is blocked to say so.
      config: { tenantAccess: { whenStopped: true, whenIpBlocked: true }, cache: 'public' },
    },
    async (request) => service.present(request.tenant, request.locale),
  );
};
