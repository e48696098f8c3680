import {
  favouriteListQuerySchema,
  favouriteListSchema,
  favouriteParamsSchema,
  favouritePaths,
  favouriteStateSchema,
} from '@school/contract/favourites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../lib/catalogue-caller.js';
import type { FavouritesService } from './favourites.service.js';

/** The route of one product's star (favouritePaths.favourite builds its urls). */
const oneFavourite = '/api/favourites/:type/:uid';

/** A learner's favourites (docs/product.md#favourites): their own rows, so private (no-store). */
export const favouritesRoutes: FastifyPluginAsyncZod<{ service: FavouritesService }> = async (app, { service }) => {
  const privately = { config: { cache: 'private' as const } };

  app.get(
    oneFavourite,
    { schema: { params: favouriteParamsSchema, response: { 200: favouriteStateSchema } }, ...privately },
    async (request) => ({
      favourite: await service.isStarred(await signedInCaller(request), request.params.type, request.params.uid),
    }),
  );

  app.put(oneFavourite, { schema: { params: favouriteParamsSchema }, ...privately }, async (request, reply) => {
    await service.star(await signedInCaller(request), request.params.type, request.params.uid);
    return reply.code(204).send();
  });

  app.delete(oneFavourite, { schema: { params: favouriteParamsSchema }, ...privately }, async (request, reply) => {
    await service.unstar(await signedInCaller(request), request.params.type, request.params.uid);
    return reply.code(204).send();
  });

  app.get(
    favouritePaths.myFavourites,
    { schema: { querystring: favouriteListQuerySchema, response: { 200: favouriteListSchema } }, ...privately },
    async (request) => service.list(await signedInCaller(request), request.query),
  );
};
