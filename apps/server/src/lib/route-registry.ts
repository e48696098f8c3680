import type { FastifyInstance, RouteOptions } from 'fastify';

/*
 * Every route the app registers, with its schema, as registered. The bad-input property test
 * walks this list, so an endpoint added later is fed generated junk without anyone having to
 * remember to list it.
 */

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  /** Refused from another site like a write (plugins/origin-check.ts), though its method is GET. */
  hasEffect: boolean;
}

const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Starts recording; call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method, url: route.url, schema: route.schema, hasEffect: route.config?.hasEffect === true });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routesByApp.get(app) ?? [];
}
