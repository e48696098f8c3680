import { healthSchema, readinessSchema, type Readiness, operatorPaths } from '@school/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/*
 * For load balancers, orchestrators and start scripts (docs/deploy.md): no tenant, no session,
 * never cached, and answered even while the process is under pressure (plugins/pressure.ts).
 * - /healthz and /api/health: the process is alive (nothing else is asked: a slow database must
 *   not get a live process restarted).
 * - /readyz: it can serve: 200 when every check is ok, else 503 naming the ones that are not.
 */

export interface HealthRoutesOptions {
  readiness(): Promise<Readiness>;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { readiness }) => {
  const config = { skipTenant: true, cache: 'private', whileUnderPressure: true } as const;
  for (const url of [operatorPaths.health, operatorPaths.healthz]) {
    app.get(url, { schema: { response: { 200: healthSchema } }, config }, async () => ({ ok: true as const }));
  }
  app.get(
    operatorPaths.readyz,
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } }, config },
    async (_request, reply) => {
      const answer = await readiness();
      return reply.status(answer.ok ? 200 : 503).send(answer);
    },
  );
};
