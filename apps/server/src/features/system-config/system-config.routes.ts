import { apiPaths } from '@school/contract/paths';
import { agreementListSchema, systemConfigSchema } from '@school/contract/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SystemConfigService } from './system-config.service.js';

export const systemConfigRoutes: FastifyPluginAsyncZod<{ service: SystemConfigService }> = async (app, { service }) => {
  app.get(
    apiPaths.systemConfig,
    {
      schema: { response: { 200: systemConfigSchema } },
      // Loaded by the layout before it can route a blocked visitor to the blocked page.
      config: { tenantAccess: { whenIpBlocked: true }, cache: 'public' },
    },
    async (request) => service.getConfig(request.tenant.id),
  );

  app.get(
    apiPaths.agreements,
    { schema: { response: { 200: agreementListSchema } }, config: { cache: 'public' } },
    async (request) => ({ items: await service.listAgreements(request.tenant.id, request.locale) }),
  );
};
