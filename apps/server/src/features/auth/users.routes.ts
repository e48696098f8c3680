import { accountPaths } from '@school/contract/account-paths';
import { userSchema } from '@school/contract/auth';
import { idParamSchema } from '@school/contract/common';
import {
  bindPhoneCodeRequestSchema,
  smsCodeQuerySchema,
  smsCodeSentSchema,
  verifyCodeRequestSchema,
} from '@school/contract/sms';
import {
  availabilitySchema,
  bindPhoneSchema,
  idNoCheckQuerySchema,
  idNoCheckSchema,
  passwordChangeSchema,
  passwordCheckQuerySchema,
  passwordCheckSchema,
  passwordResetSchema,
  passwordStatusSchema,
  phoneCheckQuerySchema,
  phoneLookupParamsSchema,
  phoneLookupSchema,
  profileUpdateSchema,
  usernameChangeSchema,
  usernameCheckQuerySchema,
} from '@school/contract/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.js';
import type { UsersService } from './users.service.js';

const priv = { cache: 'private' as const };
/** A GET that counts against a limit or sends a message: refused from another site (plugins/origin-check.ts). */
const privWithEffect = { ...priv, hasEffect: true };

/** The caller's id when signed in, else null (checks that treat "own" values as free). */
async function optionalUserId(request: FastifyRequest): Promise<number | null> {
  const auth = await request.auth();
  return auth.kind === 'user' ? auth.userId : null;
}

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  // Checks

  app.get(
    accountPaths.checkIdNo,
    { schema: { querystring: idNoCheckQuerySchema, response: { 200: idNoCheckSchema } }, config: priv },
    async (request) => users.checkIdNo(request.query.idNo),
  );

  app.get(
    accountPaths.checkPhone,
    { schema: { querystring: phoneCheckQuerySchema, response: { 200: availabilitySchema } }, config: privWithEffect },
    async (request) =>
      users.checkPhone(request.tenant.id, request.query.phone, await optionalUserId(request), request.ip),
  );

  app.get(
    accountPaths.checkUsername,
    {
      schema: { querystring: usernameCheckQuerySchema, response: { 200: availabilitySchema } },
      config: privWithEffect,
    },
    async (request) =>
      users.checkUsername(request.tenant.id, request.query.username, await optionalUserId(request), request.ip),
  );

  app.get(
    accountPaths.checkPasswordSet,
    { schema: { response: { 200: passwordStatusSchema } }, config: priv },
    async (request) => users.passwordStatus(request.tenant.id, (await requireUser(request)).userId),
  );

  app.get(
    '/api/users/phone/:phone',
    { schema: { params: phoneLookupParamsSchema, response: { 200: phoneLookupSchema } }, config: privWithEffect },
    async (request) => users.lookupPhone(request.tenant.id, request.params.phone, request.ip),
  );

  // The caller's own account

  app.post(
    '/api/users/:id',
    { schema: { params: idParamSchema, body: profileUpdateSchema, response: { 200: userSchema } }, config: priv },
    async (request) => {
      const { userId } = await requireUser(request);
      users.assertSelf(userId, request.params.id);
      return users.updateProfile(request.tenant.id, userId, request.body);
    },
  );

  app.put(
    '/api/users/:id/username',
    { schema: { params: idParamSchema, body: usernameChangeSchema, response: { 200: userSchema } }, config: priv },
    async (request) => {
      const { userId } = await requireUser(request);
      users.assertSelf(userId, request.params.id);
      return users.changeUsername(request.tenant.id, userId, request.body.username);
    },
  );

  // GET with the password in the query, as the earlier client calls it (docs/product.md#api-paths); the request log
  // redacts it (app.ts).
  app.get(
    '/api/users/:id/check/password',
    {
      schema: { params: idParamSchema, querystring: passwordCheckQuerySchema, response: { 200: passwordCheckSchema } },
      config: privWithEffect,
    },
    async (request) => {
      const { userId } = await requireUser(request);
      users.assertSelf(userId, request.params.id);
      return users.checkPassword(request.tenant.id, userId, request.query.password);
    },
  );

  app.post(accountPaths.passwordChange, { schema: { body: passwordChangeSchema } }, async (request, reply) => {
    const { userId, sessionId } = await requireUser(request);
    await users.changePassword(request.tenant.id, userId, sessionId, request.body);
    return reply.code(204).send();
  });

  app.post(accountPaths.passwordReset, { schema: { body: passwordResetSchema } }, async (request, reply) => {
    await users.resetPassword(request.tenant.id, request.body);
    return reply.code(204).send();
  });

  app.post(
    accountPaths.bindPhone,
    { schema: { body: bindPhoneSchema, response: { 200: userSchema } }, config: priv },
    async (request) => {
      const { userId } = await requireUser(request);
      return users.bindPhone(request.tenant.id, userId, request.body);
    },
  );

  // SMS codes

  // A GET that sends a message, as the earlier client calls it (docs/product.md#api-paths): the captcha and the per-phone
  // and per-address limits are what stop abuse, and a request from another site is refused.
  app.get(
    accountPaths.smsCode,
    {
      schema: { querystring: smsCodeQuerySchema, response: { 200: smsCodeSentSchema } },
      config: { ...privWithEffect, captcha: true },
    },
    async (request) => {
      const userId = request.query.purpose === 'bindPhone' ? (await requireUser(request)).userId : null;
      return users.sendCode({ tenantId: request.tenant.id, ...request.query, ip: request.ip, userId });
    },
  );

  app.post(
    accountPaths.sendBindPhoneCode,
    {
      schema: { body: bindPhoneCodeRequestSchema, response: { 200: smsCodeSentSchema } },
      config: { ...priv, captcha: true },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      return users.sendCode({
        tenantId: request.tenant.id,
        phone: request.body.phone,
        purpose: 'bindPhone',
        ip: request.ip,
        userId,
      });
    },
  );

  app.post(accountPaths.verifyCode, { schema: { body: verifyCodeRequestSchema } }, async (request, reply) => {
    await users.verifyCode(request.tenant.id, request.body);
    return reply.code(204).send();
  });
};
