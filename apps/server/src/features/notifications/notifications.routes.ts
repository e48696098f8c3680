import {
  notificationIdParamSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPaths,
  unreadCountSchema,
} from '@school/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import type { NotificationsService } from './notifications.service.js';

// The caller's own notifications: to the signed-in learner only (401 otherwise), never kept by a shared cache.
const privately = { config: { cache: 'private' as const } };

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  app.get(
    notificationPaths.list,
    { schema: { querystring: notificationListQuerySchema, response: { 200: notificationListSchema } }, ...privately },
    async (request) => {
      const caller = await signedInCaller(request);
      return service.list(caller, caller.locale, request.query);
    },
  );

  app.get(
    notificationPaths.unreadCount,
    { schema: { response: { 200: unreadCountSchema } }, ...privately },
    async (request) => service.unreadCount(await signedInCaller(request)),
  );

  app.post(
    notificationPaths.readAll,
    { schema: { response: { 200: unreadCountSchema } }, ...privately },
    async (request) => service.markAllRead(await signedInCaller(request)),
  );

  app.post(
    '/api/notifications/:id/read',
    { schema: { params: notificationIdParamSchema, response: { 200: unreadCountSchema } }, ...privately },
    async (request) => service.markRead(await signedInCaller(request), request.params.id),
  );
};
