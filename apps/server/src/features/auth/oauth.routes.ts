import { accountPaths } from '@school/contract/account-paths';
import {
  oauthBindExistingSchema,
  oauthBindQuerySchema,
  oauthBindRegisterSchema,
  oauthBindResultSchema,
  oauthLoginResultSchema,
  oauthQuerySchema,
  wechatLoginSchema,
} from '@school/contract/oauth';
import { apiPaths } from '@school/contract/paths';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OauthService } from './oauth.service.js';

/**
 * The cookie tying a browser to its pending (not yet bound) WeChat identity; `__Secure-`
 * behind https (its path keeps it from the stricter `__Host-` prefix).
 */
export const pendingOauthCookieName = (secure: boolean) => (secure ? '__Secure-oauth_pending' : 'oauth_pending');
const pendingCookiePath = '/api/oauth';

const priv = { cache: 'private' as const };

export const oauthRoutes: FastifyPluginAsyncZod<{ oauth: OauthService; secureCookies: boolean }> = async (
  app,
  { oauth, secureCookies },
) => {
  const cookieBase = { path: pendingCookiePath, httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };
  const pendingOauthCookie = pendingOauthCookieName(secureCookies);
  const clearPending = (reply: FastifyReply) => reply.clearCookie(pendingOauthCookie, cookieBase);
  const pendingToken = (cookies: Record<string, string | undefined>) => cookies[pendingOauthCookie] || null;

  app.post(
    apiPaths.oauthWechatLogin,
    {
      schema: { querystring: oauthQuerySchema, body: wechatLoginSchema, response: { 200: oauthLoginResultSchema } },
      config: priv,
    },
    async (request, reply) => {
      const outcome = await oauth.wechatLogin(
        { tenantId: request.tenant.id, rememberMe: request.query.rememberMe, previousToken: request.sessionToken() },
        request.body.code,
      );
      if (outcome.status === 'LOGGED_IN') {
        reply.setSessionCookie(outcome.session.token, outcome.session.maxAgeSeconds);
        clearPending(reply);
        return { status: outcome.status, user: outcome.user };
      }
      reply.setCookie(pendingOauthCookie, outcome.pendingToken, {
        ...cookieBase,
        maxAge: outcome.pendingMaxAgeSeconds,
      });
      return { status: outcome.status };
    },
  );

  // The body's shape depends on the query, so it is checked in the handler with the branch's
  // schema (a failure still answers validationFailed with the field and rule).
  app.post(
    accountPaths.oauthBind,
    {
      schema: { querystring: oauthBindQuerySchema, body: z.looseObject({}), response: { 200: oauthBindResultSchema } },
      config: priv,
    },
    async (request, reply) => {
      const context = {
        tenantId: request.tenant.id,
        rememberMe: request.query.rememberMe,
        previousToken: request.sessionToken(),
        pendingToken: pendingToken(request.cookies),
      };
      const result = request.query.isBindExistingUser
        ? await oauth.bindExisting({ ...context, ip: request.ip }, oauthBindExistingSchema.parse(request.body))
        : await oauth.bindRegister(context, oauthBindRegisterSchema.parse(request.body));
      reply.setSessionCookie(result.session.token, result.session.maxAgeSeconds);
      clearPending(reply);
      return { user: result.user };
    },
  );
};
