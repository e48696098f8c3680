import { courseNoteSchema } from '@school/contract/courses';
import {
  activityRegistrationResultSchema,
  learningPreferencesSchema,
  lessonDetailSchema,
  lessonProgressReportSchema,
  lessonProgressResultSchema,
  noteCreateSchema,
} from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { textInput } from '@school/contract/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, signedInCaller } from '../../lib/catalogue-caller.js';
import { sendMediaFile } from '../../lib/media-response.js';
import { requireUser } from '../../plugins/session.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import type { LessonsService } from './lessons.service.js';

const lessonParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const mediaParams = lessonParams.extend({ name: textInput().min(1).max(128) });

const playlistTypes = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl']);

/*
 * The lesson player's API (decision record 011). Everything depends on the caller (membership,
 * progress), so every answer is private; media files set their own cache policy.
 */
export const lessonsRoutes: FastifyPluginAsyncZod<{ service: LessonsService; storage: MediaStorage }> = async (
  app,
  { service, storage },
) => {
  app.get(
    '/api/lessons/:id',
    { schema: { params: lessonParams, response: { 200: lessonDetailSchema } }, config: { cache: 'private' } },
    async (request) => service.detail(await callerOf(request), request.params.id),
  );

  app.get(
    '/api/lessons/:id/media/:name',
    { schema: { params: mediaParams }, compress: false },
    async (request, reply) => {
      const { file } = await service.mediaFile(await callerOf(request), request.params.id, request.params.name);
      // A playlist names its segments relative to itself: served from a signed storage URL, the
      // segments would resolve to unsigned storage URLs. It is tiny, so the app serves it and its
      // segments come back here (each checked, then handed to storage).
      const playlist = playlistTypes.has(file.contentType);
      // A page's text is read by the app's own script (fetch), which a redirect to another origin
      // would refuse: it is small, and served from here too.
      const pageText = file.contentType.startsWith('text/plain');
      return sendMediaFile(request, reply, {
        storage: playlist || pageText ? { ...storage, signedUrl: async () => null } : storage,
        key: file.key,
        contentType: file.contentType,
        fileName: file.name,
        disposition:
          file.contentType.startsWith('video/') ||
          file.contentType.startsWith('audio/') ||
          file.contentType.startsWith('image/') ||
          file.contentType === 'application/pdf' ||
          playlist ||
          pageText ||
          file.contentType === 'video/mp2t'
            ? 'inline'
            : 'attachment',
      });
    },
  );

  app.put(
    '/api/lessons/:id/progress',
    {
      schema: { params: lessonParams, body: lessonProgressReportSchema, response: { 200: lessonProgressResultSchema } },
      config: { cache: 'private' },
    },
    async (request) => service.reportProgress(await signedInCaller(request), request.params.id, request.body),
  );

  app.post(
    '/api/lessons/:id/notes',
    {
      schema: { params: lessonParams, body: noteCreateSchema, response: { 201: courseNoteSchema } },
      config: { cache: 'private' },
    },
    async (request, reply) => {
      const note = await service.addNote(await signedInCaller(request), request.params.id, request.body);
      return reply.code(201).send(note);
    },
  );

  app.post(
    '/api/lessons/:id/activity/registration',
    {
      schema: {
        params: lessonParams,
        response: { 200: activityRegistrationResultSchema, 201: activityRegistrationResultSchema },
      },
      config: { cache: 'private' },
    },
    async (request, reply) => {
      const { created, result } = await service.register(await signedInCaller(request), request.params.id);
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  app.put(
    apiPaths.learningPreferences,
    {
      schema: { body: learningPreferencesSchema, response: { 200: learningPreferencesSchema } },
      config: { cache: 'private' },
    },
    async (request) => {
      const { userId } = await requireUser(request);
      return service.setPlaybackRate(userId, request.body.playbackRate);
    },
  );
};
