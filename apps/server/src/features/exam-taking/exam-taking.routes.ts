import {
  answerSavesResultSchema,
  answerSavesSchema,
  attemptResultSchema,
  attemptReviewSchema,
  attemptSchema,
  attemptSubmitSchema,
} from '@school/contract/exam-taking';
import { uidParamSchema } from '@school/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import type { ExamTakingService } from './exam-taking.service.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const attemptParams = z.object({ id });
const homeworkParams = z.object({ lessonId: id, id });
const reviewResultSchema = z.object({ id: z.number().int(), status: z.string(), score: z.number().int() });

/*
 * Taking exams and homework (decision record 012): every answer is the caller's own, so every
 * answer is private (no-store).
 */
export const examTakingRoutes: FastifyPluginAsyncZod<{ service: ExamTakingService }> = async (app, { service }) => {
  const privately = { config: { cache: 'private' as const } };

  app.post(
    '/api/exams/:uid/attempts',
    { schema: { params: uidParamSchema, response: { 201: attemptSchema } }, ...privately },
    async (request, reply) => {
      const attempt = await service.start(await signedInCaller(request), request.params.uid);
      return reply.code(201).send(attempt);
    },
  );

  app.get(
    '/api/exams/:uid/attempts/current',
    { schema: { params: uidParamSchema, response: { 200: attemptSchema } }, ...privately },
    async (request) => service.current(await signedInCaller(request), request.params.uid),
  );

  app.get(
    '/api/attempts/:id',
    { schema: { params: attemptParams, response: { 200: attemptSchema } }, ...privately },
    async (request) => service.get(await signedInCaller(request), request.params.id),
  );

  app.post(
    '/api/attempts/:id/answers',
    {
      schema: { params: attemptParams, body: answerSavesSchema, response: { 200: answerSavesResultSchema } },
      // A replayed offline journal carries up to 100 answers with texts: more than the default.
      bodyLimit: 1024 * 1024,
      ...privately,
    },
    async (request) => service.save(await signedInCaller(request), request.params.id, request.body),
  );

  app.post(
    '/api/attempts/:id/submit',
    {
      schema: { params: attemptParams, body: attemptSubmitSchema.optional(), response: { 200: attemptResultSchema } },
      ...privately,
    },
    async (request) => service.submit(await signedInCaller(request), request.params.id, request.body?.giveUp ?? false),
  );

  app.get(
    '/api/attempts/:id/result',
    { schema: { params: attemptParams, response: { 200: attemptResultSchema } }, ...privately },
    async (request) => service.result(await signedInCaller(request), request.params.id),
  );

  app.post(
    '/api/review/attempts/:id',
    {
      schema: { params: attemptParams, body: attemptReviewSchema, response: { 200: reviewResultSchema } },
      ...privately,
    },
    async (request) => service.review(await signedInCaller(request), request.params.id, request.body),
  );

  app.get(
    '/api/lessons/:lessonId/homework/:id',
    // The first open makes the learner's attempt: refused from another site like a write.
    {
      schema: { params: homeworkParams, response: { 200: attemptSchema } },
      config: { cache: 'private', hasEffect: true },
    },
    async (request) => service.homework(await signedInCaller(request), request.params.lessonId, request.params.id),
  );
};
