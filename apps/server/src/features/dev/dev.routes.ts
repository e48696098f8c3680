import {
  devMailLatestQuerySchema,
  devMailLatestSchema,
  devPaths,
  devSmsLatestQuerySchema,
  devSmsLatestSchema,
  devSystemConfigPatchSchema,
  devSystemConfigResultSchema,
} from '@school/contract/dev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { DevOutboxMailSender } from '../../providers/mail/index.js';
import type { ConsoleSmsSender } from '../../providers/sms/index.js';
import type { DevService } from './dev.service.js';

/*
 * Registered only when config.devRoutes is on (never in production). They bypass the tenant
 * gates: a test that stops the school or blocks its own IP must be able to undo it.
 */
const ungated = { tenantAccess: { whenStopped: true, whenIpBlocked: true }, cache: 'private' as const };

export const devRoutes: FastifyPluginAsyncZod<{
  service: DevService;
  /** The console SMS provider, when it is the configured one: only then does the SMS route exist. */
  consoleSms: ConsoleSmsSender | null;
  /** The dev mail outbox, when it is the configured provider: only then does the mail route exist. */
  mailOutbox: DevOutboxMailSender | null;
}> = async (app, { service, consoleSms, mailOutbox }) => {
  app.put(
    devPaths.systemConfig,
    { schema: { body: devSystemConfigPatchSchema, response: { 200: devSystemConfigResultSchema } }, config: ungated },
    async (request) => service.patchTenant(request.tenant.id, request.body),
  );

  // Simulates an expired session: the browser keeps its cookie, the server forgets it.
  app.post(devPaths.expireSessions, { config: ungated }, async (request, reply) => {
    const auth = await request.auth();
    if (auth.kind !== 'anonymous') await service.expireSessionsOf(request.tenant.id, auth.userId);
    return reply.code(204).send();
  });

  if (consoleSms !== null) {
    app.get(
      devPaths.smsLatest,
      { schema: { querystring: devSmsLatestQuerySchema, response: { 200: devSmsLatestSchema } }, config: ungated },
      async (request) => {
        const sent = consoleSms.latest(request.tenant.id, request.query.phone);
        if (sent === null) throw new AppError('notFound');
        return { phone: sent.phone, purpose: sent.purpose, code: sent.code, sentAt: sent.sentAt.toISOString() };
      },
    );
  }

  if (mailOutbox !== null) {
    app.get(
      devPaths.mailLatest,
      { schema: { querystring: devMailLatestQuerySchema, response: { 200: devMailLatestSchema } }, config: ungated },
      async (request) => {
        const sent = mailOutbox.latest(request.tenant.id, request.query.to.toLowerCase());
        if (sent === null) throw new AppError('notFound');
        return { to: sent.to, subject: sent.subject, text: sent.text, sentAt: sent.sentAt.toISOString() };
      },
    );
  }
};
