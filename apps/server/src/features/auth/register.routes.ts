import { accountPaths } from '@school/contract/account-paths';
import { loginResultSchema, rememberMeQuerySchema } from '@school/contract/auth';
import {
  codeLoginResultSchema,
  codeLoginSchema,
  registerSchema,
  resetTokenRequestSchema,
  resetTokenSchema,
  resetWithTokenSchema,
} from '@school/contract/register';
import { availabilitySchema, phoneCheckQuerySchema, usernameCheckQuerySchema } from '@school/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterService } from './register.service.js';
import type { UsersService } from './users.service.js';

const priv = { cache: 'private' as const };
/** Each check counts against the per-address look-up limit: refused from another site (plugins/origin-check.ts). */
const privWithEffect = { ...priv, hasEffect: true };

export const registerRoutes: FastifyPluginAsyncZod<{ register: RegisterService; users: UsersService }> = async (
  app,
  { register, users },
) => {
  app.post(
    accountPaths.register,
    {
      schema: { querystring: rememberMeQuerySchema, body: registerSchema, response: { 200: loginResultSchema } },
      config: priv,
    },
    async (request, reply) => {
      const result = await register.register(
        { tenantId: request.tenant.id, rememberMe: request.query.rememberMe, previousToken: request.sessionToken() },
        request.body,
      );
      reply.setSessionCookie(result.session.token, result.session.maxAgeSeconds);
      return { user: result.user };
    },
  );

  // Sign-up checks: nothing is "own" here, even with a session.
  app.get(
    accountPaths.registerCheckUsername,
    {
      schema: { querystring: usernameCheckQuerySchema, response: { 200: availabilitySchema } },
      config: privWithEffect,
    },
    async (request) => users.checkUsername(request.tenant.id, request.query.username, null, request.ip),
  );

  app.get(
    accountPaths.registerCheckPhone,
    { schema: { querystring: phoneCheckQuerySchema, response: { 200: availabilitySchema } }, config: privWithEffect },
    async (request) => users.checkPhone(request.tenant.id, request.query.phone, null, request.ip),
  );

  app.post(
    accountPaths.registerCodeVerify,
    {
      schema: { querystring: rememberMeQuerySchema, body: codeLoginSchema, response: { 200: codeLoginResultSchema } },
      config: { ...priv, captcha: true },
    },
    async (request, reply) => {
      const result = await register.codeLogin(
        { tenantId: request.tenant.id, rememberMe: request.query.rememberMe, previousToken: request.sessionToken() },
        { ...request.body, createIfMissing: true },
      );
      reply.setSessionCookie(result.session.token, result.session.maxAgeSeconds);
      return { user: result.user, created: result.created };
    },
  );

  app.post(
    accountPaths.registerVerifyToken,
    { schema: { body: resetTokenRequestSchema, response: { 200: resetTokenSchema } }, config: priv },
    async (request) => register.issueResetToken(request.tenant.id, request.body),
  );

  app.post(
    accountPaths.registerResetToken,
    { schema: { body: resetWithTokenSchema }, config: { captcha: true } },
    async (request, reply) => {
      await register.resetWithToken(request.tenant.id, request.body);
      return reply.code(204).send();
    },
  );
};
