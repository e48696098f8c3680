import { calendarFeedCreatedSchema, calendarFeedStateSchema, calendarPaths } from '@school/contract/calendar';
import { scheduleItemFileQuerySchema, scheduleItemParamsSchema } from '@school/contract/schedule';
import { AppError } from '../../lib/app-error.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import { tenantHostOf } from '../../plugins/tenant.js';
import { calendarFileName, type CalendarSite } from './calendar-file.js';
import { feedRefreshSeconds, type CalendarService } from './calendar.service.js';

export interface CalendarRoutesOptions {
  service: CalendarService;
  /** The public URL is https (TLS ends at a proxy): the feed's address says https whatever the socket says. */
  https: boolean;
}

const calendarType = 'text/calendar; charset=utf-8';

/** The route of one item's file (schedulePaths.itemIcs builds its urls). */
const scheduleItemIcs = '/api/learning/schedule/:id/event.ics';
/** The public feed: `<token>.ics` in one segment, so a calendar app sees a file name it knows. */
const publicFeed = '/api/calendar/:file';

/*
 * "Add to calendar" (docs/product.md#schedule). The file and the feed's settings are the
 * signed-in learner's own (no-store); the feed itself answers whoever holds its URL, kept
 * privately for a few minutes so a calendar app polling it is cheap.
 */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, { service, https }) => {
  const privately = { config: { cache: 'private' as const } };

  const origin = (request: FastifyRequest) => {
    const address = `${https ? 'https' : request.protocol}://${request.host}`;
    // The events' links and the feed's address are made from the Host header: one that makes no
    // address (`[::1`, sent by no browser) is the request's fault, not the server's.
    if (!URL.canParse(address)) throw new AppError('badRequest');
    return address;
  };
  const siteOf = (request: FastifyRequest): CalendarSite => ({
    hostname: tenantHostOf(request),
    origin: origin(request),
    schoolName: request.tenant.name,
  });
  const sendCalendar = (reply: FastifyReply, text: string) => reply.type(calendarType).send(text);

  app.get(
    scheduleItemIcs,
    { schema: { params: scheduleItemParamsSchema, querystring: scheduleItemFileQuerySchema }, ...privately },
    async (request, reply) => {
      const caller = await signedInCaller(request);
      const learner = { ...caller, locale: request.query.lang ?? caller.locale };
      const text = await service.itemFile(learner, request.params.id, siteOf(request));
      reply.header('content-disposition', `attachment; filename="${calendarFileName(request.params.id)}"`);
      return sendCalendar(reply, text);
    },
  );

  app.get(
    calendarPaths.feed,
    { schema: { response: { 200: calendarFeedStateSchema } }, ...privately },
    async (request) => service.feedState(await signedInCaller(request)),
  );

  app.post(
    calendarPaths.feed,
    { schema: { response: { 200: calendarFeedCreatedSchema } }, ...privately },
    async (request) => {
      const { token, createdAt } = await service.newFeedToken(await signedInCaller(request));
      const url = `${origin(request)}${calendarPaths.publicFeed(token)}`;
      return {
        on: true as const,
        createdAt: createdAt.toISOString(),
        url,
        webcalUrl: url.replace(/^https?:/, 'webcal:'),
      };
    },
  );

  app.delete(calendarPaths.feed, privately, async (request, reply) => {
    await service.turnFeedOff(await signedInCaller(request));
    return reply.code(204).send();
  });

  app.get(publicFeed, { schema: { params: z.object({ file: z.string().max(100) }) } }, async (request, reply) => {
    const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -'.ics'.length) : '';
    const text = await service.feedFile(request.tenant.id, token, siteOf(request));
    reply.header('cache-control', `private, max-age=${feedRefreshSeconds / 3}`);
    return sendCalendar(reply, text);
  });
};
