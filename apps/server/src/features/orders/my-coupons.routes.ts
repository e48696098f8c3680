import { myCouponListSchema, myCouponPaths, myCouponQuerySchema } from '@school/contract/my-coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import type { MyCouponsService } from './my-coupons.service.js';

// The signed-in learner's own standing with the coupons (401 otherwise), never kept by a shared cache.
export const myCouponsRoutes: FastifyPluginAsyncZod<{ service: MyCouponsService }> = async (app, { service }) => {
  app.get(
    myCouponPaths.list,
    {
      schema: { querystring: myCouponQuerySchema, response: { 200: myCouponListSchema } },
      config: { cache: 'private' },
    },
    async (request) => service.list(await signedInCaller(request), request.query),
  );
};
