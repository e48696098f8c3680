import { devPaths, devSystemConfigPatchSchema, devSystemConfigResultSchema } from '@school/contract/dev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DevService } from './dev.service.js';

/*
 * Registered only when config.devRoutes is on (never in production). They bypass the tenant
 * gates: a test that stops the school or blocks its own IP must be able to undo it.
 */
const ungated = { tenantAccess: { whenStopped: true, whenIpBlocked: true }, cache: 'private' as const };

export const devRoutes: FastifyPluginAsyncZod<{ service: DevService }> = async (app, { service }) => {
  app.put(
    devPaths.systemConfig,
    { schema: { body: devSystemConfigPatchSchema, response: { 200: devSystemConfigResultSchema } }, config: ungated },
    async (request) => service.patchDefaultTenant(request.body),
  );

  // Simulates an expired session: the browser keeps its cookie, the server forgets it.
  app.post(devPaths.expireSessions, { config: ungated }, async (request, reply) => {
    const auth = await request.auth();
    if (auth.kind !== 'anonymous') await service.expireSessionsOf(request.tenant.id, auth.userId);
    return reply.code(204).send();
  });
};
