import { authCurrentSchema, loginResultSchema, passwordLoginSchema, userSchema } from '@school/contract/auth';
import { apiPaths } from '@school/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  // Form-urlencoded as the spec's client sends it; JSON works too (both parsers are registered).
  app.post(
    apiPaths.login,
    { schema: { body: passwordLoginSchema, response: { 200: loginResultSchema } }, config: { cache: 'private' } },
    async (request, reply) => {
      const result = await service.login({
        tenantId: request.tenant.id,
        loginId: request.body.username,
        password: request.body.password,
        rememberMe: request.body.rememberMe,
        ip: request.ip,
        previousToken: request.sessionToken(),
      });
      reply.setSessionCookie(result.token, result.maxAgeSeconds);
      return { user: result.user };
    },
  );

  // Idempotent: logging out twice, or without a session, is still a success.
  app.post(apiPaths.logout, async (request, reply) => {
    await service.logout(request.tenant.id, request.sessionToken());
    reply.clearSessionCookie();
    return reply.code(204).send();
  });

  app.get(
    apiPaths.authCurrent,
    { schema: { response: { 200: authCurrentSchema } }, config: { cache: 'private' } },
    async (request) => ({ user: await service.currentUserOrNull(await request.auth(), request.tenant.id) }),
  );

  app.get(
    apiPaths.usersCurrent,
    { schema: { response: { 200: userSchema } }, config: { cache: 'private' } },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.currentUser(request.tenant.id, userId);
    },
  );
};
