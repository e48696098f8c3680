import {
  learningListQuerySchema,
  myClassroomListSchema,
  myCourseListSchema,
  myExamListSchema,
  ownedProductsSchema,
  recentLearningSchema,
  studyStatisticsSchema,
} from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { schedulePaths, scheduleQuerySchema, scheduleSchema } from '@school/contract/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import type { LearningCenterService } from './learning-center.service.js';

// The caller's own lists: answered to the signed-in learner only (401 otherwise) and never
// kept by a shared cache.
const priv = { cache: 'private' as const };

export const learningCenterRoutes: FastifyPluginAsyncZod<{ service: LearningCenterService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.ownedProducts,
    { schema: { response: { 200: ownedProductsSchema } }, config: priv },
    async (request) => service.ownedProducts(await signedInCaller(request)),
  );

  app.get(
    apiPaths.recentLearning,
    { schema: { response: { 200: recentLearningSchema } }, config: priv },
    async (request) => service.recent(await signedInCaller(request)),
  );

  app.get(
    schedulePaths.schedule,
    { schema: { querystring: scheduleQuerySchema, response: { 200: scheduleSchema } }, config: priv },
    async (request) => service.schedule(await signedInCaller(request), request.query),
  );

  app.get(
    apiPaths.studyStatistics,
    { schema: { response: { 200: studyStatisticsSchema } }, config: priv },
    async (request) => service.statistics(await signedInCaller(request)),
  );

  app.get(
    apiPaths.myCourses,
    { schema: { querystring: learningListQuerySchema, response: { 200: myCourseListSchema } }, config: priv },
    async (request) => service.courses(await signedInCaller(request), request.query),
  );

  app.get(
    apiPaths.myClassrooms,
    { schema: { querystring: learningListQuerySchema, response: { 200: myClassroomListSchema } }, config: priv },
    async (request) => service.classrooms(await signedInCaller(request), request.query),
  );

  app.get(
    apiPaths.myExams,
    { schema: { querystring: learningListQuerySchema, response: { 200: myExamListSchema } }, config: priv },
    async (request) => service.exams(await signedInCaller(request), request.query),
  );
};
