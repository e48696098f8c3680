import {
  bindEmailSchema,
  bindWechatSchema,
  confirmEmailSchema,
  emailConfirmedSchema,
  emailLinkSentSchema,
  accountSecurityPaths,
} from '@school/contract/account-security';
import { userSchema } from '@school/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localize } from '../../lib/localized-text.js';
import { requireUser } from '../../plugins/session.js';
import type { AccountSecurityService } from './account-security.service.js';

const priv = { cache: 'private' as const };

/** Email and WeChat binding (packages/contract/src/account-security.ts). */
export const accountSecurityRoutes: FastifyPluginAsyncZod<{ service: AccountSecurityService; https: boolean }> = async (
  app,
  { service, https },
) => {
  app.post(
    accountSecurityPaths.bindEmail,
    { schema: { body: bindEmailSchema, response: { 200: emailLinkSentSchema } }, config: priv },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.sendEmailLink({
        tenantId: request.tenant.id,
        userId,
        email: request.body.email,
        ip: request.ip,
        // The link opens on the school's own address, as the order's return page does.
        origin: `${https ? 'https' : request.protocol}://${request.host}`,
        locale: request.locale,
        school: localize(request.tenant.name, request.locale),
      });
    },
  );

  app.post(
    accountSecurityPaths.confirmEmail,
    { schema: { body: confirmEmailSchema, response: { 200: emailConfirmedSchema } }, config: priv },
    async (request) => service.confirmEmail(request.tenant.id, request.body.token),
  );

  app.delete(
    accountSecurityPaths.bindEmail,
    { schema: { response: { 200: userSchema } }, config: priv },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.unbindEmail(request.tenant.id, userId);
    },
  );

  app.post(
    accountSecurityPaths.bindWechat,
    { schema: { body: bindWechatSchema, response: { 200: userSchema } }, config: priv },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.bindWechat(request.tenant.id, userId, request.body.code);
    },
  );

  app.delete(
    accountSecurityPaths.bindWechat,
    { schema: { response: { 200: userSchema } }, config: priv },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.unbindWechat(request.tenant.id, userId);
    },
  );
};
