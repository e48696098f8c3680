import {
  authCurrentSchema,
  loginResultSchema,
  passwordLoginSchema,
  smsLoginSchema,
  userSchema,
} from '@school/contract/auth';
import { apiPaths } from '@school/contract/paths';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';
import type { IssuedDeviceCookie } from './device-cookies.js';
import type { RegisterService } from './register.service.js';

/**
 * The device cookie (device-cookies.ts). Behind https it carries the `__Host-` prefix, as the
 * session cookie does: a sibling subdomain or an http page cannot plant one to shadow the
 * browser's own. It outlives sessions: logging out does not make a browser unknown.
 */
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-device' : 'device');

export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  register: RegisterService;
  secureCookies: boolean;
}> = async (app, { service, register, secureCookies }) => {
  const deviceCookie = deviceCookieName(secureCookies);
  const setDeviceCookie = (reply: FastifyReply, issued: IssuedDeviceCookie) =>
    reply.setCookie(deviceCookie, issued.value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: issued.maxAgeSeconds,
    });

  // Form-urlencoded as the earlier client sent it (docs/product.md#api-paths); JSON works too (both parsers are registered).
  app.post(
    apiPaths.login,
    {
      schema: { body: passwordLoginSchema, response: { 200: loginResultSchema } },
      config: { cache: 'private', captcha: true },
    },
    async (request, reply) => {
      const result = await service.login({
        tenantId: request.tenant.id,
        loginId: request.body.username,
        password: request.body.password,
        rememberMe: request.body.rememberMe,
        ip: request.ip,
        previousToken: request.sessionToken(),
        deviceCookie: request.cookies[deviceCookie] || null,
      });
      reply.setSessionCookie(result.token, result.maxAgeSeconds);
      setDeviceCookie(reply, result.deviceCookie);
      return { user: result.user };
    },
  );

  // Phone quick login of an existing account; POST /api/register/code/verify also signs up.
  app.post(
    apiPaths.loginSms,
    {
      schema: { body: smsLoginSchema, response: { 200: loginResultSchema } },
      config: { cache: 'private', captcha: true },
    },
    async (request, reply) => {
      const result = await register.codeLogin(
        { tenantId: request.tenant.id, rememberMe: request.body.rememberMe, previousToken: request.sessionToken() },
        { phone: request.body.phone, code: request.body.code, createIfMissing: false },
      );
      reply.setSessionCookie(result.session.token, result.session.maxAgeSeconds);
      // The owner's phone vouched for this browser: its next password logins are its own.
      setDeviceCookie(reply, service.issueDeviceCookie(request.tenant.id, result.user.id));
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
