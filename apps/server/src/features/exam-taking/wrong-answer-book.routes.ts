import {
  practiceCheckResultSchema,
  practiceCheckSchema,
  practiceQuerySchema,
  practiceRoundSchema,
  wrongAnswerBookSchema,
  wrongAnswerPaths,
  wrongAnswerQuerySchema,
} from '@school/contract/wrong-answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import type { WrongAnswerBookService } from './wrong-answer-book.service.js';

/** The wrong-answer book (decision record 022): the caller's own answers, so private (no-store). */
export const wrongAnswerBookRoutes: FastifyPluginAsyncZod<{ service: WrongAnswerBookService }> = async (
  app,
  { service },
) => {
  const privately = { config: { cache: 'private' as const } };

  app.get(
    wrongAnswerPaths.book,
    { schema: { querystring: wrongAnswerQuerySchema, response: { 200: wrongAnswerBookSchema } }, ...privately },
    async (request) => service.book(await signedInCaller(request), request.query),
  );

  app.get(
    wrongAnswerPaths.practice,
    { schema: { querystring: practiceQuerySchema, response: { 200: practiceRoundSchema } }, ...privately },
    async (request) => service.practice(await signedInCaller(request), request.query),
  );

  // Records nothing, but answers with a key: a POST, so it is refused from another site like a write.
  app.post(
    wrongAnswerPaths.practiceCheck,
    { schema: { body: practiceCheckSchema, response: { 200: practiceCheckResultSchema } }, ...privately },
    async (request) => service.check(await signedInCaller(request), request.body),
  );
};
